import { createHash } from 'node:crypto';

/**
 * An id derived from the call that creates the thing (and what it is within the call): a repeated run of the same
 * call names the same agent, message or task, never a second one. 20 hex characters (80 bits).
 */
export function scopedId(prefix: string, callId: string, part = ''): string {
  return `${prefix}_${createHash('sha256').update(`${prefix}:${callId}:${part}`).digest('hex').slice(0, 20)}`;
}
