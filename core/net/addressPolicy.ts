import ipaddr from 'ipaddr.js';

export type AddressVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * Whether the service may connect to an address on a caller's behalf. Only public unicast is allowed:
 * loopback, private, link-local (which holds cloud metadata at 169.254.169.254), carrier-grade NAT (another
 * cloud's metadata), unique-local (fd00:ec2::254), multicast and reserved ranges are refused. Loopback is
 * allowed only when `allowLoopback` is set (development and tests).
 */
export function checkAddress(address: string, allowLoopback: boolean): AddressVerdict {
  if (!ipaddr.isValid(address)) return { ok: false, reason: `not an IP address: ${address}` };
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range === 'loopback') return allowLoopback ? { ok: true } : { ok: false, reason: `${address} is a loopback address` };
  if (range === 'unicast') return { ok: true };
  return { ok: false, reason: `${address} is a ${range} address` };
}

export function isLoopback(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'loopback';
}
