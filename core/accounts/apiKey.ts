import { createHash, randomBytes } from 'node:crypto';

export const KEY_PREFIX = 'apk_';

/** `apk_` + 32 random bytes (base64url). Only the SHA-256 is ever stored: a leaked table yields no usable key. */
export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Enough to recognise a key, not to use it: `apk_Ab3d…x9Zq`. */
export function maskApiKey(key: string): string {
  return `${key.slice(0, 8)}…${key.slice(-4)}`;
}

/** A short public id derived from the hash, used in stream names and logs instead of the key. */
export function keyIdOf(keyHash: string): string {
  return keyHash.slice(0, 24);
}
