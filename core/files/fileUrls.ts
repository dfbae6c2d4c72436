import { createHmac, timingSafeEqual } from 'node:crypto';

/** The key signed file URLs are made with: FILE_URL_SIGNING_KEY, or one derived from WEBHOOK_SIGNING_KEY. */
export function fileUrlKey(config: { fileUrlSigningKey: string; webhookSigningKey: string }): string {
  return config.fileUrlSigningKey || createHmac('sha256', config.webhookSigningKey).update('file-urls').digest('base64url');
}

const signatureOf = (key: string, fileId: string, expires: number) => createHmac('sha256', key).update(`${fileId}:${expires}`).digest('base64url');

/** The query a signed URL carries: whoever holds it may read the file until `expires` (Unix seconds). */
export function signFileUrl(key: string, fileId: string, expiresAt: Date): { expires: number; signature: string } {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return { expires, signature: signatureOf(key, fileId, expires) };
}

/** Whether a signed URL's query is genuine for this file, and whether it still holds at `now`. */
export function checkFileUrl(key: string, fileId: string, expires: number, signature: string, now: Date): 'valid' | 'expired' | 'forged' {
  const expected = Buffer.from(signatureOf(key, fileId, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return now.getTime() / 1000 < expires ? 'valid' : 'expired';
}
