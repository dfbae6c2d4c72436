import type { Middleware } from 'koa';
import type { CallStreamNotice } from '../../schema/callStream';
import type { AppDeps, RequestState } from '../deps';
import type { CallState } from '../middleware/callTool';
import { HttpError } from '../errors/httpErrors';
import type { CallStreamWriter, WireFormat } from '../wire/wireFormats';
import type { CallStreamHub } from './callStreamHub';
import { openSse, type SseWriter } from './sseWriter';

/** After the call's result, how long to wait for the notices of text already published to arrive. */
const LATE_NOTICE_MS = 1_000;

/**
 * Answers a streaming call as server-sent events, around callTool (which runs the call's workflow as for any
 * call). The answer's pieces come from the tool activity over the call's NOTIFY channel; the stream opens at
 * the first piece, so anything refused before (402, 403, 503 …) is still a plain JSON error with its status.
 *
 * The route's wire format writes the events (api/wire/): in the service's own, `delta` {text} for each piece;
 * `reset` {attempt} when a retried attempt starts its text again; `done` {result, _meta, headers?} with the whole
 * output (authoritative, should a piece have been lost) and any header that came too late to send (an x402
 * PAYMENT-RESPONSE receipt); `error` {status, error, …} when the call fails after the stream opened. The stream
 * ends after `done` or `error`. An orchestrated call (/agent/stream) sends its own events instead of deltas
 * (schema/orchestration/agentLoopEvents.ts). A client that hangs up cancels the workflow: the activity stops its
 * model and the call is refunded.
 */
export function streamCall(deps: AppDeps, hub: CallStreamHub, wire: WireFormat): Middleware<RequestState & CallState> {
  return async (ctx, next) => {
    if (!ctx.state.call?.stream) return next();
    const callId = ctx.state.call.callId;
    let sse: SseWriter | undefined;
    let writer: CallStreamWriter | undefined;
    let attempt = 1;
    let received = 0;
    let ended: (() => void) | undefined;
    let endSeen = false;
    let finished = false;
    let clientGone = false;

    const open = (): CallStreamWriter => {
      if (!writer) {
        ctx.status = 200;
        ctx.respond = false;
        sse = openSse(ctx.res);
        writer = wire.streamWriter(sse, { callId, input: ctx.state.input ?? {}, now: deps.clock.now() });
      }
      return writer;
    };
    const seenEvents = new Set<number>();
    const onNotice = (notice: CallStreamNotice) => {
      if (notice.kind === 'event') {
        // An orchestrated call's own events (the agent's): each once, in order; `final` is the last before `done`.
        if (seenEvents.has(notice.seq)) return;
        seenEvents.add(notice.seq);
        open().event(notice.event, { seq: notice.seq, ...notice.data });
        if (notice.event === 'final') {
          endSeen = true;
          ended?.();
        }
        return;
      }
      if (notice.attempt < attempt) return;
      if (notice.attempt > attempt) {
        if (received > 0) open().reset(notice.attempt);
        attempt = notice.attempt;
        received = 0;
      }
      if (notice.kind === 'end') {
        endSeen = true;
        ended?.();
        return;
      }
      // A notice repeated or overlapping what was sent is trimmed; a lost one cannot be filled in here (`done` has all).
      const text = notice.offset < received ? notice.text.slice(received - notice.offset) : notice.text;
      if (!text) return;
      received = notice.offset + notice.text.length;
      open().delta(text);
    };
    ctx.res.once('close', () => {
      if (finished) return;
      clientGone = true;
      // The caller is gone: stop the model. The workflow refunds once its activity has stopped.
      deps.temporal.client.workflow
        .getHandle(`call-${callId}`)
        .cancel()
        .catch(() => undefined);
    });

    // Headers set once the stream is open (an x402 receipt, which comes after settlement) travel in the `done` event.
    const lateHeaders: Record<string, string> = {};
    const setHeader = ctx.set.bind(ctx);
    ctx.set = ((field: string | Record<string, string>, value?: string) => {
      if (!writer) return setHeader(field as string, value as string);
      if (typeof field === 'string' && value !== undefined) lateHeaders[field] = value;
    }) as typeof ctx.set;

    const unsubscribe = await hub.subscribe(callId, onNotice);
    try {
      await next();
      if (clientGone) return;
      if (!endSeen) await new Promise<void>((resolve) => ((ended = resolve), setTimeout(resolve, LATE_NOTICE_MS).unref()));
      const { _meta, ...result } = ctx.body as Record<string, unknown>;
      open().done(result, _meta, lateHeaders);
    } catch (error) {
      if (clientGone) return;
      if (!writer) throw error;
      if (error instanceof HttpError) {
        writer.error({ status: error.status, body: error.body(), field: error.field });
      } else {
        deps.log.error({ err: error, requestId: callId, path: ctx.path }, 'streamed call failed');
        writer.error({ status: 500, body: { error: 'internal error: the call could not be completed', code: 'internal_error', request_id: callId } });
      }
    } finally {
      finished = true;
      sse?.end();
      await unsubscribe();
      if (clientGone) {
        ctx.status = 200;
        ctx.respond = false;
      }
    }
  };
}
