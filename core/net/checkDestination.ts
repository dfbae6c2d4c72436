import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { checkAddress, isLoopback } from './addressPolicy';
import { checkUrl, UnsafeUrl } from './safeFetch';

/**
 * The same rules safeFetch applies when it connects, checked when a caller hands us a URL (webhook registration,
 * job callback), so a private or metadata address is refused up front. safeFetch checks again at every delivery:
 * a name can resolve elsewhere later.
 */
export async function checkDestination(url: string, allowLocalHttp: boolean): Promise<URL> {
  const target = checkUrl(url, allowLocalHttp);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw new UnsafeUrl(`${host} does not resolve`, url);
  }
  for (const address of addresses) {
    if (target.protocol === 'http:' && !isLoopback(address)) throw new UnsafeUrl(`plain HTTP is allowed to loopback only, not ${address}`, url);
    const verdict = checkAddress(address, allowLocalHttp);
    if (!verdict.ok) throw new UnsafeUrl(`refused ${host}: ${verdict.reason}`, url);
  }
  return target;
}
