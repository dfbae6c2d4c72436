import validator from 'validator';
import { confirmNegativeAnswer, type DnsResolver, recordsOrNone, resolverFailure } from './dnsResolver';

/**
 * Whether an address can receive mail: its syntax (validator.js), then its domain's mail exchangers. A domain
 * without MX records falls back to its A/AAAA address (RFC 5321 §5.1); a "null MX" (a single MX of ".", RFC 7505)
 * says the domain accepts no mail at all. `valid: false` only on the resolver's definite answer (NXDOMAIN, NODATA);
 * a resolver that failed is a 503, not charged: it says nothing about the address.
 */
export async function validateEmail(resolver: DnsResolver, email: string): Promise<Record<string, unknown>> {
  const address = email.trim();
  if (!validator.isEmail(address, { allow_utf8_local_part: true, require_tld: true, allow_ip_domain: false })) {
    return { email: address, valid: false, syntax_valid: false, reason: 'not a valid email address' };
  }
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  try {
    const mx = (await recordsOrNone(resolver.resolveMx(domain))).sort((x, y) => x.priority - y.priority);
    if (mx.length === 1 && (mx[0]!.exchange === '' || mx[0]!.exchange === '.')) {
      return { email: address, valid: false, syntax_valid: true, domain, mx, reason: `${domain} publishes a null MX: it accepts no mail` };
    }
    if (mx.length) return { email: address, valid: true, syntax_valid: true, domain, mx, mail_host: mx[0]!.exchange, reason: `${domain} has mail exchangers` };
    const [a, aaaa] = await Promise.all([recordsOrNone(resolver.resolve4(domain)), recordsOrNone(resolver.resolve6(domain))]);
    if (a.length || aaaa.length) {
      return {
        email: address,
        valid: true,
        syntax_valid: true,
        domain,
        mx: [],
        mail_host: domain,
        reason: `${domain} has no MX record; mail goes to its address (A/AAAA)`,
      };
    }
    await confirmNegativeAnswer(resolver);
    return { email: address, valid: false, syntax_valid: true, domain, mx: [], reason: `${domain} has no MX, A or AAAA record: nothing receives its mail` };
  } catch (error) {
    throw resolverFailure(resolver, error);
  }
}
