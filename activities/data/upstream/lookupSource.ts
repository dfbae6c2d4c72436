import type { Config } from '../../../schema/config';
import type { ToolResult } from '../../../schema/calls';
import type { ToolContext } from '../../tools/toolImplementation';
import type { Upstream } from './upstreamRequest';

/**
 * The one shape of an upstream adapter: what it is (address, time-out, key variable), how long its answers keep,
 * the cache key of a request, and the request itself. Tools run it through `runLookup`, which caches and reports.
 */
export interface LookupSource<Input, Output> {
  readonly upstream: Upstream;
  readonly ttlSeconds: number;
  cacheKey(input: Input): string;
  lookup(input: Input, signal?: AbortSignal): Promise<Output>;
}

/** The user agent every upstream sees: who we are and where to find us (Wikimedia and Reddit ask for one). */
export function userAgentOf(config: Config): string {
  return `toolgate/0.1 (+${config.publicBaseUrl})`;
}

/** An upstream as the configuration describes it. */
export function upstreamOf(config: Config, name: string, baseUrl: string, keyVariable?: string, timeoutSeconds = config.dataTimeoutSeconds): Upstream {
  return {
    name,
    baseUrl: baseUrl.replace(/\/$/, ''),
    timeoutMs: timeoutSeconds * 1000,
    userAgent: userAgentOf(config),
    ...(keyVariable ? { keyVariable } : {}),
  };
}

/** Runs a lookup through the worker's cache; `_meta.source` names the upstream and whether the cache answered. */
export async function runLookup<Input, Output extends object>(source: LookupSource<Input, Output>, input: Input, context: ToolContext): Promise<ToolResult> {
  const key = `${source.upstream.name}:${source.cacheKey(input)}`;
  const { value, cached } = await context.deps.lookupCache.remember(key, source.ttlSeconds, () => source.lookup(input, context.progress.signal));
  return sourcedResult(source.upstream.name, value, cached);
}

/** A tool result that came from a data source (an upstream, or a bundled dataset named `bundled:<name>`). */
export function sourcedResult(source: string, output: object, cached = false): ToolResult {
  return { output: { ...(output as Record<string, unknown>) }, model: 'none', tokens: { input: 0, output: 0 }, meta: { source: { upstream: source, cached } } };
}
