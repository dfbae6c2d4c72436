import { checkDestination } from '../../core/net/checkDestination';
import { UnsafeUrl } from '../../core/net/safeFetch';

/**
 * A URL's syntax and scheme, and whether the outgoing-URL guard would fetch it: https (plain http only to loopback
 * where development allows it), no credentials, and every address its name resolves to public.
 */
export async function validateUrl(raw: string, allowLocalHttp: boolean): Promise<Record<string, unknown>> {
  const text = raw.trim();
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return { url: text, valid: false, fetchable: false, reason: 'not a URL (an absolute address with a scheme is needed)' };
  }
  const base = { url: text, valid: true, normalized: parsed.toString(), scheme: parsed.protocol.replace(/:$/, ''), host: parsed.hostname };
  if (!['http:', 'https:'].includes(parsed.protocol)) return { ...base, fetchable: false, reason: `the ${base.scheme} scheme is not fetched (https only)` };
  try {
    const target = await checkDestination(parsed.toString(), allowLocalHttp);
    return { ...base, normalized: target.toString(), fetchable: true, reason: 'the service would fetch this URL' };
  } catch (error) {
    // Saying why is the point of this tool, and costs nothing: the reason depends only on the URL and on DNS answers
    // /data/dns gives anyone. Fetches refuse with one uniform message instead, since there connection errors would
    // tell open ports from closed ones.
    if (error instanceof UnsafeUrl) return { ...base, fetchable: false, reason: error.reason };
    throw error;
  }
}
