import { Resolver } from 'node:dns/promises';
import type { ApplicationFailure } from '@temporalio/common';
import type { Config } from '../../schema/config';
import { upstreamUnreachable } from '../../core/calls/callFailures';

/** The DNS questions the data tools ask; a worker's resolver, or a test's, answers them. */
export interface DnsResolver {
  resolve4(host: string): Promise<string[]>;
  resolve6(host: string): Promise<string[]>;
  resolveMx(host: string): Promise<{ exchange: string; priority: number }[]>;
  reverse(address: string): Promise<string[]>;
  resolveSoa(name: string): Promise<unknown>;
  /** The servers asked (ip or ip:port), to name them when they fail. */
  getServers(): string[];
}

/** Node's resolver with the configured servers (the system's when none) and a time-out per query. */
export function configuredResolver(config: Config): DnsResolver {
  const resolver = new Resolver({ timeout: config.dnsTimeoutSeconds * 1000, tries: 2 });
  if (config.dnsServers.length) resolver.setServers(config.dnsServers);
  return resolver;
}

/**
 * The codes of a definite answer: NXDOMAIN (ENOTFOUND: the name does not exist) and NODATA (ENODATA: it has no
 * record of that type). Anything else (refused, time-out, SERVFAIL, no server to ask) says nothing about the name.
 */
const ABSENT = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN', 'ENONAME']);

/** The records, or none when the resolver answered that the name has none; a resolver that failed is thrown. */
export async function recordsOrNone<T>(query: Promise<T[]>): Promise<T[]> {
  try {
    return await query;
  } catch (error) {
    if (ABSENT.has((error as { code?: string }).code ?? '')) return [];
    throw error;
  }
}

/** Whether a DNS failure says the name does not exist (as opposed to a server that did not answer). */
export function isNameAbsent(error: unknown): boolean {
  return ABSENT.has((error as { code?: string }).code ?? '');
}

/**
 * A resolver that could not answer is the upstream's failure, never a fact about the name: 503 naming the resolver
 * (retried first), not charged. A failure already decided (a 400, a 404) passes unchanged.
 */
export function resolverFailure(resolver: DnsResolver, error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || isNameAbsent(error)) return error;
  return resolverUnreachable(resolver, code);
}

/**
 * A negative answer (NXDOMAIN, NODATA) is a fact only from a resolver that answers from the DNS. One that also denies
 * the root zone exists (a filtering or captive resolver, or one cut off from the internet, which answers NXDOMAIN for
 * every name) has judged nothing: its answer is thrown as the resolver's failure (503), not reported about the name.
 */
export async function confirmNegativeAnswer(resolver: DnsResolver): Promise<void> {
  try {
    await resolver.resolveSoa('.');
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const said = typeof code === 'string' ? code : 'no answer';
    throw resolverUnreachable(resolver, isNameAbsent(error) ? `${said} for the root zone` : said);
  }
}

function resolverUnreachable(resolver: DnsResolver, code: string): ApplicationFailure {
  const servers = resolver.getServers();
  const upstream = `the DNS resolver ${servers.length ? servers.join(', ') : '(none configured)'}`;
  return upstreamUnreachable(
    upstream,
    { cause: 'resolver_failed', code },
    {
      hint: `The resolver this service asks (DNS_SERVERS, or the system's) failed, so the name was not judged. Try again later; nothing was charged.`,
    },
  );
}
