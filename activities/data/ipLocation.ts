import { countries, type TCountryCode } from 'countries-list';
import ipaddr from 'ipaddr.js';
import { invalidInput } from '../../core/calls/callFailures';
import { countryOfAddress, IP_ATTRIBUTION } from './ipCountry';

const CONTINENTS: Readonly<Record<string, string>> = {
  AF: 'Africa',
  AN: 'Antarctica',
  AS: 'Asia',
  EU: 'Europe',
  NA: 'North America',
  OC: 'Oceania',
  SA: 'South America',
};

/** Where an address is, offline: its range (public, private, loopback …) and, for public ones, its country. */
export function locateAddress(address: string): Record<string, unknown> {
  if (!ipaddr.isValid(address)) throw invalidInput(`"${address}" is not an IP address`, 'Send an IPv4 or IPv6 address, or none for your own.');
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  const code = range === 'unicast' ? countryOfAddress(address) : null;
  const country = code ? (countries as Record<string, { name: string; continent: string } | undefined>)[code as TCountryCode] : undefined;
  return {
    ip: parsed.toString(),
    version: parsed.kind() === 'ipv4' ? 4 : 6,
    range,
    country_code: code,
    country: country?.name ?? null,
    ...(country ? { continent: CONTINENTS[country.continent] ?? country.continent } : {}),
    attribution: IP_ATTRIBUTION,
  };
}
