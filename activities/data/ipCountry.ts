import { readFileSync } from 'node:fs';
import path from 'node:path';
import ipaddr from 'ipaddr.js';

/** DB-IP's "IP to Country Lite" (CC BY 4.0): using it obliges us to credit DB-IP wherever its results are shown. */
export const IP_ATTRIBUTION = 'IP Geolocation by DB-IP (https://db-ip.com), CC BY 4.0';

/** Ranges sorted by start, as typed arrays (a few MB, where plain arrays of bigints took hundreds). */
interface RangeTable {
  /** IPv4: the address as a number in `high`, `low` unused. IPv6: its upper and lower 64 bits. */
  readonly startHigh: BigUint64Array | Uint32Array;
  readonly startLow: BigUint64Array | null;
  readonly endHigh: BigUint64Array | Uint32Array;
  readonly endLow: BigUint64Array | null;
  readonly country: Uint16Array;
  readonly codes: string[];
}

let v4: RangeTable | undefined;
let v6: RangeTable | undefined;
const MASK = (1n << 64n) - 1n;

/**
 * The country an address is registered to, from the bundled DB-IP Lite ranges (npm @ip-location-db/dbip-country),
 * loaded once per worker on first use (about half a second) and searched by bisection. Null when no range holds it.
 */
export function countryOfAddress(address: string): string | null {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === 'ipv4') {
    v4 ??= load('dbip-country-ipv4-num.csv', 4);
    return find(v4, BigInt((parsed as ipaddr.IPv4).toByteArray().reduce((n, byte) => n * 256 + byte, 0)));
  }
  v6 ??= load('dbip-country-ipv6-num.csv', 6);
  return find(
    v6,
    (parsed as ipaddr.IPv6).toByteArray().reduce((n, byte) => (n << 8n) | BigInt(byte), 0n),
  );
}

function load(file: string, version: 4 | 6): RangeTable {
  const folder = path.dirname(require.resolve('@ip-location-db/dbip-country/package.json'));
  const lines = readFileSync(path.join(folder, file), 'utf8')
    .split('\n')
    .filter((line) => line.includes(','));
  const n = lines.length;
  const wide = version === 6;
  const table: RangeTable = {
    startHigh: wide ? new BigUint64Array(n) : new Uint32Array(n),
    startLow: wide ? new BigUint64Array(n) : null,
    endHigh: wide ? new BigUint64Array(n) : new Uint32Array(n),
    endLow: wide ? new BigUint64Array(n) : null,
    country: new Uint16Array(n),
    codes: [],
  };
  const codeIndex = new Map<string, number>();
  lines.forEach((line, i) => {
    const [start, end, code = ''] = line.split(',');
    put(table.startHigh, table.startLow, i, start!);
    put(table.endHigh, table.endLow, i, end!);
    const country = code.trim();
    if (!codeIndex.has(country)) codeIndex.set(country, table.codes.push(country) - 1);
    table.country[i] = codeIndex.get(country)!;
  });
  return table;
}

function put(high: BigUint64Array | Uint32Array, low: BigUint64Array | null, i: number, decimal: string): void {
  if (!low) {
    (high as Uint32Array)[i] = Number(decimal);
    return;
  }
  const value = BigInt(decimal);
  (high as BigUint64Array)[i] = value >> 64n;
  low[i] = value & MASK;
}

function valueAt(high: BigUint64Array | Uint32Array, low: BigUint64Array | null, i: number): bigint {
  return low ? ((high as BigUint64Array)[i]! << 64n) | low[i]! : BigInt((high as Uint32Array)[i]!);
}

function find(table: RangeTable, value: bigint): string | null {
  let lowIndex = 0;
  let highIndex = table.country.length - 1;
  while (lowIndex <= highIndex) {
    const middle = (lowIndex + highIndex) >> 1;
    if (valueAt(table.startHigh, table.startLow, middle) > value) highIndex = middle - 1;
    else if (valueAt(table.endHigh, table.endLow, middle) < value) lowIndex = middle + 1;
    else return table.codes[table.country[middle]!]!;
  }
  return null;
}
