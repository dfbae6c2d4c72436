import { createHash } from 'node:crypto';

/**
 * The id of the call (its stream `call-<id>` and workflow) a caller's idempotency key names: the key as sent, then a
 * digest of who sent it. Keys are the sender's own namespace (Stripe's rule): another account sending the same key
 * names another call, so it can neither find nor block the first, nor learn that it exists. The key stays readable
 * at the front, so an operator finds a call in the Temporal UI by the request id its caller quotes
 * (`WorkflowId STARTS_WITH "call-order-123."`). The digest has a fixed length and always ends the id, so two
 * (sender, key) pairs never make one id, and an id made up by the service (a UUID, no ".") never meets one.
 */
export function scopedCallId(scope: string, idempotencyKey: string): string {
  return `${idempotencyKey}.${createHash('sha256').update(scope).digest('base64url').slice(0, 16)}`;
}
