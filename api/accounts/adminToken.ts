import { createHash, timingSafeEqual } from 'node:crypto';

/** Constant-time check of X-Admin-Token (hashing first makes the lengths equal). */
export function isAdminToken(presented: string, configured: string): boolean {
  if (!presented || !configured) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(presented), digest(configured));
}
