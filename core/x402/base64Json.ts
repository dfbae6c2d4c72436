/**
 * x402 headers carry JSON as base64. Encoding uses the standard alphabet, as the official
 * libraries do; decoding also takes the URL-safe one, which some clients send.
 */
export function encodeBase64Json(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
}

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

export class NotBase64Json extends Error {}

export function decodeBase64Json(text: string): unknown {
  const trimmed = text.trim();
  if (!BASE64.test(trimmed)) throw new NotBase64Json('not base64');
  const json = Buffer.from(trimmed, 'base64').toString('utf8');
  try {
    return JSON.parse(json);
  } catch {
    throw new NotBase64Json('base64, but not of JSON');
  }
}
