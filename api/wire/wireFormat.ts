import type { SseWriter } from '../callStreams/sseWriter';

/** An error as a route answers it: the HTTP status, the service's own body ({error, hint, …}) and the input field at fault. */
export interface WireError {
  readonly status: number;
  readonly body: Readonly<Record<string, unknown>>;
  readonly field?: string;
}

/** What a streamed answer's writer knows before the call ends. */
export interface StreamStart {
  readonly callId: string;
  /** The validated input (the model asked for, stop sequences, stream options). */
  readonly input: Readonly<Record<string, unknown>>;
  readonly now: Date;
}

/** How one streamed answer is written, event by event, in a route's format. */
export interface CallStreamWriter {
  /** A further piece of the answer's text. */
  delta(text: string): void;
  /** A retried attempt starts its text again from the beginning. */
  reset(attempt: number): void;
  /** An orchestrated call's own event (the agent's thought, tool call …). */
  event(name: string, data: Record<string, unknown>): void;
  /** The call's whole result (authoritative, should a piece have been lost), its `_meta`, and headers that came too late to send. */
  done(result: Record<string, unknown>, meta: unknown, lateHeaders: Readonly<Record<string, string>>): void;
  /** The call failed after the stream opened. */
  error(error: WireError): void;
}

/**
 * A route's API format (registry `wire`): the call path, the workflow and the ledger are the same for all; only
 * error bodies and streamed events differ, so that a vendor's official SDK reads them unchanged.
 */
export interface WireFormat {
  errorBody(error: WireError): Record<string, unknown>;
  /** Called once, when the stream opens (at its first piece, or at the end when none came). */
  streamWriter(sse: SseWriter, start: StreamStart): CallStreamWriter;
}
