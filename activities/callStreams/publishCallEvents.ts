import { sql } from 'kysely';
import { type CallStreamNotice, callStreamChannel } from '../../schema/callStream';
import type { AgentLoopEvent } from '../../schema/orchestration/agentLoopEvents';
import type { Db } from '../../core/db/createDb';

export interface NumberedEvent extends AgentLoopEvent {
  /** Its place in the call's run: the API drops a repeat (a retried publish) by it. */
  readonly seq: number;
}

/** NOTIFY payloads must stay under 8000 bytes, JSON escaping included. */
const MAX_NOTICE_BYTES = 7_000;
const PREVIEW_CHARS = 1_500;

/**
 * Publishes an orchestrated call's events (the agent's thoughts, tool calls and results) on the call's NOTIFY
 * channel, in order. Best effort, like the streamed text: the `done` event carries the whole result whatever was
 * missed, so a lost notice costs the reader a live view, never an answer.
 */
export async function publishCallEvents(db: Db, request: { callId: string; events: readonly NumberedEvent[] }): Promise<void> {
  const channel = callStreamChannel(request.callId);
  for (const { seq, event, data } of request.events) {
    const notice: CallStreamNotice = { kind: 'event', seq, event, data: fitted(data) };
    await sql`select pg_notify(${channel}, ${JSON.stringify(notice)})`.execute(db).catch(() => undefined);
  }
}

/** An event small enough for one notice: a long result becomes a preview, long texts are cut, each saying so. */
function fitted(data: Record<string, unknown>): Record<string, unknown> {
  if (Buffer.byteLength(JSON.stringify(data)) <= MAX_NOTICE_BYTES) return data;
  const smaller: Record<string, unknown> = { ...data, truncated: true };
  if ('result' in smaller) {
    smaller.result_preview = JSON.stringify(smaller.result).slice(0, PREVIEW_CHARS);
    delete smaller.result;
  }
  for (const [key, value] of Object.entries(smaller)) {
    if (typeof value === 'string' && value.length > PREVIEW_CHARS) smaller[key] = `${value.slice(0, PREVIEW_CHARS)}…`;
    else if (value !== null && typeof value === 'object' && Buffer.byteLength(JSON.stringify(value)) > PREVIEW_CHARS) smaller[key] = { truncated: true };
  }
  return smaller;
}
