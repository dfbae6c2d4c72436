import { createHash } from 'node:crypto';

/**
 * What a call's tool activity publishes while a model streams its answer, on the call's own PostgreSQL
 * NOTIFY channel; the API instance holding the caller's connection relays it as server-sent events.
 * `attempt` is the activity attempt: a retried attempt starts its text again from offset 0.
 */
export type CallStreamNotice =
  | { readonly kind: 'delta'; readonly attempt: number; readonly offset: number; readonly text: string }
  /** Every delta of this attempt has been published (sent before the activity returns). */
  | { readonly kind: 'end'; readonly attempt: number; readonly length: number }
  /** One event of an orchestrated call (the agent's thought, tool_call …), sent as an SSE event of that name; `seq` drops repeats. */
  | { readonly kind: 'event'; readonly seq: number; readonly event: string; readonly data: Record<string, unknown> };

/** NOTIFY payloads must stay under 8000 bytes; a delta's text is cut well below that, JSON escaping included. */
export const MAX_NOTICE_TEXT = 1000;

/** The call's channel: a hash, since request ids may hold characters a channel name may not. */
export function callStreamChannel(callId: string): string {
  return `call_stream_${createHash('sha256').update(callId).digest('hex').slice(0, 40)}`;
}
