import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { checkAddress, isLoopback } from './addressPolicy';
import { describeNetworkFailure, type NetworkFailure, networkFailureOf } from './networkFailure';
import { checkUrl, UnsafeUrl } from './safeFetch';

/**
 * A destination whose name did not resolve: said as it is (a public fact, unlike which private address a name
 * points to), so a caller can tell a typo (no such host: their fix) from our resolver failing (ours: try again).
 */
export class UnresolvedDestination extends UnsafeUrl {
  constructor(
    readonly host: string,
    readonly failure: NetworkFailure,
    url: string,
  ) {
    super(`${host} does not resolve`, url, `${host}: ${describeNetworkFailure(failure)}`);
  }
}

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
  } catch (error) {
    throw new UnresolvedDestination(host, networkFailureOf(error) ?? { cause: 'no_such_host', code: 'ENOTFOUND' }, url);
  }
  for (const address of addresses) {
    if (target.protocol === 'http:' && !isLoopback(address)) throw new UnsafeUrl(`plain HTTP is allowed to loopback only, not ${address}`, url);
    const verdict = checkAddress(address, allowLocalHttp);
    if (!verdict.ok) throw new UnsafeUrl(`refused ${host}: ${verdict.reason}`, url);
  }
  return target;
}
