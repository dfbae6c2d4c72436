import type { Context, Middleware } from 'koa';
import { answerKeyOf, CLAIM_LEASE_SECONDS, claimKey, type Keeping, keepAnswer, type KeptAnswer, releaseKey, scopedCallId } from '../../core/idempotency';
import { changesState, isWorkflowTool, type ToolEntry } from '../../schema/registry';
import type { AppDeps, RequestState } from '../deps';
import { links } from '../links';
import { answerError } from '../middleware/errors';
import { answerNotKept, keyInUse, reusedKey } from './keyConflicts';
import { requestFingerprint } from './requestFingerprint';
import { callScope, keyScope, requestOf } from './requestScope';

/** The most of a first answer's body that is kept; a larger answer is sent but not kept (see below). */
export const MAX_KEPT_ANSWER_BYTES = 1024 * 1024;

/** Headers every answer gets afresh (its length, the id the caller sent), never kept with it. */
const FRESH_HEADERS = new Set(['content-length', 'x-request-id']);

type RequestContext = Context & { state: RequestState };

/**
 * Stripe's idempotency for every route that changes state (schema/registry changesState: every POST, PUT, PATCH and
 * DELETE, and every charged call), in the route's sentence after validation and before the handler, whatever the
 * handler is. Only a key the caller sent counts (X-Request-Id or Idempotency-Key); a request without one just runs.
 *
 * - The same key with the same request (method, path, validated input, file, credentials: requestOf) gets the first
 *   answer unchanged, byte for byte — status, the headers its handler set, body — with `Idempotent-Replayed: true`,
 *   for at least 24 h (core/idempotency ANSWER_WINDOW_HOURS; a schedule purges older ones).
 * - The same key with another request is a 409 naming the header the caller used, and runs nothing.
 * - Kept: every answer of a request that ran — 2xx, and 500, 502, 504 (it began and failed; running it again could
 *   repeat what it did, and a workflow tool's closed run would answer the same). Not kept: 4xx (a refusal changed
 *   nothing, so the caller may fix the request and send the same key) and 503 (nothing was done: not configured,
 *   maintenance, an outage, or a call still running whose answer a repeat collects).
 * - Concurrent duplicates never both run. While the first runs, a workflow tool's repeat goes on and attaches to
 *   the same run (its workflow id is `call-<key>`: Temporal runs it once, and the run outlives the first request's
 *   connection); whichever ends first keeps the answer and both send that one. An endpoint the API answers itself
 *   has no run to attach to, so the repeat gets Stripe's 409 with Retry-After: 1, after which it gets the answer.
 * - Bodies over MAX_KEPT_ANSWER_BYTES and streamed answers (server-sent events) are sent but not kept: a workflow
 *   tool's repeat attaches to its closed run (the same output and charge; `_meta` built again, and a stream sends
 *   the whole result in one `done` event); an endpoint the API answers itself answers a 409 and does not run again.
 */
export function idempotentAnswers(entry: ToolEntry, deps: AppDeps, docs: string): Middleware<RequestState>[] {
  if (!changesState(entry)) return [];
  const attaches = isWorkflowTool(entry);
  const db = deps.store.db;
  const errorOptions = { log: deps.log, supportUrl: links(deps.config).support, docs: links(deps.config).docs() };
  return [
    async (ctx, next) => {
      const sent = ctx.state.idempotencyKey;
      if (!sent) return next();
      const key = answerKeyOf(keyScope(ctx, entry, deps.config), sent.value);
      // The call it names is the sender's too: another account's same key is another call.
      ctx.state.callId = scopedCallId(callScope(ctx, entry, deps.config), sent.value);
      const fingerprint = requestFingerprint(requestOf(ctx, entry));
      const claim = await claimKey(db, key, fingerprint, CLAIM_LEASE_SECONDS, deps.claimOwner?.current() ?? null);
      switch (claim.kind) {
        case 'other-request':
          throw reusedKey(sent, docs);
        case 'kept':
          return replay(ctx, claim.answer);
        case 'unkept':
          if (!attaches) throw answerNotKept(sent, claim.reason, docs);
          ctx.state.attaching = true;
          return next();
        case 'running':
          if (!attaches) throw keyInUse(sent, docs);
          ctx.state.attaching = true;
          break;
        case 'claimed':
          break;
      }

      const before = ctx.response.headers;
      try {
        await next();
      } catch (error) {
        // Answered here rather than by errors(), so an error answer that is kept is the one sent.
        answerError(ctx, error, errorOptions);
      }
      const keeping = keepingOf(ctx, before);
      if (!keeping) {
        if (claim.kind === 'claimed') await releaseKey(db, key, claim.claim);
        return;
      }
      const kept = await keepAnswer(db, key, fingerprint, keeping, attaches ? 'refindable' : 'durable');
      // A stream already on the wire stays as it is.
      if (kept.kind === 'first' && ctx.respond !== false) replay(ctx, kept.answer);
    },
  ];
}

/** Whether an answer with this status is kept for repeats (see idempotentAnswers). */
function keepsAnswer(status: number): boolean {
  return status < 400 || status === 500 || status === 502 || status === 504;
}

/** What of the answer is kept, if anything; a kept body is sent as the very bytes kept. */
function keepingOf(ctx: RequestContext, before: Record<string, unknown>): Keeping | undefined {
  const status = ctx.status;
  if (!keepsAnswer(status)) return undefined;
  const body: unknown = ctx.body;
  if (ctx.respond === false || isStream(body)) return { kind: 'unkept', status, reason: 'streamed' };
  const bytes = bytesOf(body);
  if (bytes.length > MAX_KEPT_ANSWER_BYTES) return { kind: 'unkept', status, reason: 'too_large' };
  if (body !== null && body !== undefined) ctx.body = bytes;
  return { kind: 'kept', answer: { status, headers: handlerHeaders(ctx, before), body: bytes } };
}

/** The body as Koa sends it: bytes and text as they are, anything else as JSON.stringify writes it. */
function bytesOf(body: unknown): Buffer {
  if (body === null || body === undefined) return Buffer.alloc(0);
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body);
  return Buffer.from(JSON.stringify(body));
}

function isStream(body: unknown): boolean {
  return typeof (body as { pipe?: unknown } | null)?.pipe === 'function';
}

/** The headers the route set (a content type, an x402 receipt, Retry-After …), not those every answer gets anyway. */
function handlerHeaders(ctx: RequestContext, before: Record<string, unknown>): Record<string, string> {
  const set: Record<string, string> = {};
  for (const [name, value] of Object.entries(ctx.response.headers)) {
    if (FRESH_HEADERS.has(name) || value === undefined || before[name] === value) continue;
    set[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return set;
}

/** Sends a kept answer as it was first sent. */
function replay(ctx: RequestContext, answer: KeptAnswer): void {
  ctx.body = answer.body.length > 0 || answer.status !== 204 ? answer.body : null;
  ctx.status = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) ctx.set(name, value);
  ctx.set('Idempotent-Replayed', 'true');
}
