import { isIP } from 'node:net';
import { invalidInput } from '../../core/calls/callFailures';
import { upstreamNotFound } from './upstream/upstreamFailures';
import { confirmNegativeAnswer, type DnsResolver, recordsOrNone, resolverFailure } from './dnsResolver';

/** Reverse names are looked up for this many addresses at most (a host may have dozens). */
const MAX_REVERSE = 8;
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9])?\.)*[a-z0-9_]([a-z0-9-]{0,61}[a-z0-9])?\.?$/i;

/**
 * A host's A and AAAA records and the names those addresses point back to; for an address, its reverse names. A 404
 * only when the resolver answered that the name has neither (NXDOMAIN or NODATA); a resolver that failed is a 503.
 */
export async function lookupHost(resolver: DnsResolver, host: string): Promise<Record<string, unknown>> {
  const name = host.trim();
  try {
    if (isIP(name))
      return {
        host: name,
        a: isIP(name) === 4 ? [name] : [],
        aaaa: isIP(name) === 6 ? [name] : [],
        reverse: { [name]: await recordsOrNone(resolver.reverse(name)) },
      };
    if (!HOSTNAME.test(name)) throw invalidInput(`"${host}" is not a host name or IP address`, 'Send a name such as example.com, or an address.');
    const [a, aaaa] = await Promise.all([recordsOrNone(resolver.resolve4(name)), recordsOrNone(resolver.resolve6(name))]);
    if (!a.length && !aaaa.length) {
      await confirmNegativeAnswer(resolver);
      throw upstreamNotFound('dns', `${name} has no A or AAAA record`, 'Check the name; it may not exist.');
    }
    const addresses = [...a, ...aaaa].slice(0, MAX_REVERSE);
    const names = await Promise.all(addresses.map((address) => recordsOrNone(resolver.reverse(address)).catch(() => [])));
    return { host: name, a, aaaa, reverse: Object.fromEntries(addresses.map((address, i) => [address, names[i]!])) };
  } catch (error) {
    throw resolverFailure(resolver, error);
  }
}
