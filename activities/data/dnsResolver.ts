import { Resolver } from 'node:dns/promises';
import type { Config } from '../../schema/config';

/** The DNS questions the data tools ask; a worker's resolver, or a test's, answers them. */
export interface DnsResolver {
  resolve4(host: string): Promise<string[]>;
  resolve6(host: string): Promise<string[]>;
  resolveMx(host: string): Promise<{ exchange: string; priority: number }[]>;
  reverse(address: string): Promise<string[]>;
}

/** Node's resolver with the configured servers (the system's when none) and a time-out per query. */
export function configuredResolver(config: Config): DnsResolver {
  const resolver = new Resolver({ timeout: config.dnsTimeoutSeconds * 1000, tries: 2 });
  if (config.dnsServers.length) resolver.setServers(config.dnsServers);
  return resolver;
}

/** Codes that mean "no such record" rather than "could not ask". */
const ABSENT = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN', 'ENONAME']);

/** The records, or none when the name has none; other failures (time-out, refused) are thrown. */
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
