import { ConfigError } from '../config/loadConfig';
import type { FoundLocalModel } from '../../schema/models';

/** A model list is a few KB; anything far larger is not an OpenAI-compatible server's answer. */
const MAX_LIST_BYTES = 1_048_576;

/** LOCAL_MODEL_SERVERS entries as base URLs: a bare port means that port on loopback (`11434` → http://127.0.0.1:11434/v1). */
export function localServerAddresses(entries: readonly string[]): string[] {
  return entries.map((entry) => {
    if (/^\d{1,5}$/.test(entry) && Number(entry) > 0 && Number(entry) < 65_536) return `http://127.0.0.1:${entry}/v1`;
    try {
      const url = new URL(entry);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString().replace(/\/$/, '');
    } catch {
      // Neither a port nor a URL: refused below.
    }
    throw new ConfigError(`LOCAL_MODEL_SERVERS entries are ports or http(s) base URLs, not "${entry}"`);
  });
}

/**
 * Asks each address for its models (OpenAI's GET /models), all at once, each within `timeoutMs`: a server that does
 * not answer in time, answers something else, or is not there, counts as none. The addresses are the operator's
 * configuration, not a caller's input, so they are fetched directly rather than through the outgoing-URL guard
 * (which refuses loopback in production, where these servers are).
 */
export async function probeLocalServers(baseUrls: readonly string[], timeoutMs: number): Promise<FoundLocalModel[]> {
  const lists = await Promise.all(baseUrls.map((baseUrl) => modelsAt(baseUrl, timeoutMs)));
  return lists.flat();
}

async function modelsAt(baseUrl: string, timeoutMs: number): Promise<FoundLocalModel[]> {
  try {
    const response = await fetch(`${baseUrl}/models`, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error', headers: { accept: 'application/json' } });
    if (!response.ok || Number(response.headers.get('content-length') ?? 0) > MAX_LIST_BYTES) {
      await response.body?.cancel();
      return [];
    }
    const text = await response.text();
    if (text.length > MAX_LIST_BYTES) return [];
    const data = (JSON.parse(text) as { data?: unknown }).data;
    if (!Array.isArray(data)) return [];
    return data.flatMap((item: unknown) => {
      const { id, owned_by: ownedBy } = (item ?? {}) as { id?: unknown; owned_by?: unknown };
      return typeof id === 'string' ? [{ id, baseUrl, ownedBy: typeof ownedBy === 'string' ? ownedBy : 'unknown' }] : [];
    });
  } catch {
    return [];
  }
}
