import ipaddr from 'ipaddr.js';

export type AddressVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * Whether the service may connect to an address on a caller's behalf. Only public unicast is allowed:
 * loopback, private, link-local (which holds cloud metadata at 169.254.169.254), carrier-grade NAT (another
 * cloud's metadata), unique-local (fd00:ec2::254), multicast and reserved ranges are refused. An IPv6 address that
 * carries an IPv4 address (see embeddedIPv4) is judged by the IPv4 address inside: `[::169.254.169.254]` is the
 * metadata address, not a unicast IPv6 one. Loopback is allowed only when `allowLoopback` is set (development and tests).
 */
export function checkAddress(address: string, allowLoopback: boolean): AddressVerdict {
  if (!ipaddr.isValid(address)) return { ok: false, reason: `not an IP address: ${address}` };
  const judged = judgedAddresses(parseAddress(address));
  if (judged === 'refused') return { ok: false, reason: `${address} is a local-use NAT64 address (64:ff9b:1::/48)` };
  for (const { ip, form } of judged) {
    const range = ip.range();
    const what = form ? `${address} carries ${ip.toString()} (${form}), ` : `${address} is `;
    if (range === 'loopback' && !allowLoopback) return { ok: false, reason: `${what}a loopback address` };
    if (range !== 'loopback' && range !== 'unicast') return { ok: false, reason: `${what}a ${range} address` };
  }
  return { ok: true };
}

/** Loopback, or an IPv6 form carrying a loopback IPv4 address (plain HTTP is allowed to these in development). */
export function isLoopback(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const judged = judgedAddresses(parseAddress(address));
  return judged !== 'refused' && judged.every(({ ip }) => ip.range() === 'loopback');
}

/** ipaddr.js reads ::a.b.c.d as ::ffff:a.b.c.d; RFC 4291 (and Node, and URL parsing) read it as IPv4-compatible. */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const compatible = /^::([\d.]+)$/.exec(address)?.[1];
  if (compatible === undefined || !ipaddr.IPv4.isValidFourPartDecimal(compatible)) return ipaddr.parse(address);
  const [a = 0, b = 0, c = 0, d = 0] = ipaddr.IPv4.parse(compatible).octets;
  return new ipaddr.IPv6([0, 0, 0, 0, 0, 0, (a << 8) | b, (c << 8) | d]);
}

type Judged = readonly { readonly ip: ipaddr.IPv4 | ipaddr.IPv6; readonly form?: string }[] | 'refused';

/** The addresses a verdict is about: the address itself, or the IPv4 addresses an IPv6 form carries. */
function judgedAddresses(parsed: ipaddr.IPv4 | ipaddr.IPv6): Judged {
  if (parsed.kind() === 'ipv4') return [{ ip: parsed }];
  const ipv6 = parsed as ipaddr.IPv6;
  // A local-use NAT64 prefix may be /48 to /96, so where the IPv4 address sits is the operator's choice: refused whole.
  if (ipv6.match(LOCAL_USE_NAT64)) return 'refused';
  const inside = embeddedIPv4(ipv6);
  return inside.length === 0 ? [{ ip: ipv6 }] : inside;
}

const LOCAL_USE_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48');
const FORMS: readonly { readonly prefix: [ipaddr.IPv6, number]; readonly form: string; readonly carried: (parts: number[]) => number[][] }[] = [
  // RFC 4291 §2.5.5: ::a.b.c.d (IPv4-compatible, deprecated; :: and ::1 are judged as themselves) and ::ffff:a.b.c.d (mapped).
  { prefix: ipaddr.IPv6.parseCIDR('::/96'), form: 'IPv4-compatible', carried: (p) => [p.slice(6, 8)] },
  { prefix: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), form: 'IPv4-mapped', carried: (p) => [p.slice(6, 8)] },
  // RFC 6145/7915: ::ffff:0:a.b.c.d (IPv4-translated).
  { prefix: ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'), form: 'IPv4-translated', carried: (p) => [p.slice(6, 8)] },
  // RFC 6052: 64:ff9b::a.b.c.d (the well-known NAT64 prefix).
  { prefix: ipaddr.IPv6.parseCIDR('64:ff9b::/96'), form: 'NAT64', carried: (p) => [p.slice(6, 8)] },
  // RFC 3056: 2002:AABB:CCDD::/48 is the site behind a.b.c.d (6to4).
  { prefix: ipaddr.IPv6.parseCIDR('2002::/16'), form: '6to4', carried: (p) => [p.slice(1, 3)] },
  // RFC 4380: 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC, the Teredo server, then the client's address with every bit inverted.
  { prefix: ipaddr.IPv6.parseCIDR('2001::/32'), form: 'Teredo', carried: (p) => [p.slice(2, 4), p.slice(6, 8).map((word) => ~word & 0xffff)] },
];

/** The IPv4 addresses an IPv6 address carries, in every form that embeds one (none for a plain IPv6 address). */
function embeddedIPv4(ipv6: ipaddr.IPv6): { readonly ip: ipaddr.IPv4; readonly form: string }[] {
  const range = ipv6.range();
  if (range === 'unspecified' || range === 'loopback') return [];
  const found = FORMS.find(({ prefix }) => ipv6.match(prefix));
  if (!found) return [];
  return found.carried([...ipv6.parts]).map(([high = 0, low = 0]) => ({
    ip: new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]),
    form: found.form,
  }));
}
