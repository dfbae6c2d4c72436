import type { CatalogHealth } from '../../schema/catalog/catalogListing';
import type { SafeFetch } from '../../core/net/safeFetch';

/**
 * Whether an API's base URL answers: any HTTP answer below 500 (a 401 or 404 too: the server is there) is up; a
 * 5xx, no answer within the time-out, or an address the URL guard refuses is down.
 */
export async function probeHealth(safeFetch: SafeFetch, baseUrl: string, timeoutMs: number): Promise<{ health: CatalogHealth; status: number | null }> {
  try {
    const response = await safeFetch(baseUrl, { method: 'GET', headers: { accept: '*/*' }, signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return { health: response.status < 500 ? 'up' : 'down', status: response.status };
  } catch {
    return { health: 'down', status: null };
  }
}
