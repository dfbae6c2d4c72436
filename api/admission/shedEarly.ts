import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { LRUCache } from 'lru-cache';
import { isQuickCall } from '../../schema/calls';
import { modelResolverFor } from '../../core/models/configuredProviders';
import { takesBody, type WorkflowToolEntry } from '../../schema/registry';
import { executionFor, type ExecutionDeps } from '../calls/executionFor';
import { links } from '../links';
import { jsonBody } from '../middleware/jsonBody';
import type { AppDeps, RequestState } from '../deps';
import { paymentHeaderOf } from '../payments/acceptPayment';
import { toolEntryOf } from '../routes/toolEntryOf';
import type { AdmissionPool } from './admission';
import { callerTag } from './callerTag';
import { RetryPacing } from './retryPacing';
import { serviceMetrics } from '../../core/metrics/serviceMetrics';

/**
 * Admits a paid call, or refuses it, first thing, before its caller is identified, its body read or its balance and
 * rate limit looked up: under overload most requests are refused, and a refusal that costs those round trips takes
 * CPU from the calls admitted and comes back slowly (a replica saturated by 4× its capacity answered its refusals in
 * ~1.5 s, its accepted calls in ~1.7 s). The place is taken here, under a ticket the call takes over in prepareCall
 * (which decides its pool exactly, and may move it): a check alone let 128 callers arriving together all past it
 * while the places were still free, to be refused after those lookups. A request that ends before its call starts
 * (refused, invalid, unpaid) gives the place back. The pool is the one the call takes with its input's defaults;
 * when that one has no room for the caller and the tool's pool follows its input, the body is read here to decide.
 *
 * A request with an idempotency key may be a repeat collecting a call already running, or its kept answer, which is
 * served whatever the load and holds no place: one whose key (with its credentials) this process admitted in the
 * last RECENT_KEYS_MS goes on to the idempotency layer, which finds out (prepareCall admits it after all if it is a
 * new call). Any other is a new call as far as a full replica can tell, and refused like one: letting every keyed
 * request through to find out cost ~3.5 PostgreSQL transactions and ~4 ms of CPU per refusal (identify, rate limit,
 * balance, claiming and releasing its key), and answered calls fell to a quarter of capacity under 128 callers. A
 * repeat of a call this replica never saw is refused with Retry-After while the replica is full, and collects its
 * answer when sent again. A caller refused again before its Retry-After is up gets that refusal when it is
 * (RetryPacing).
 */
export function shedEarly(deps: Pick<AppDeps, 'admission' | 'config' | 'localModels' | 'clock'>, tools: Router<RequestState>): Middleware<RequestState> {
  const toolOf = toolEntryOf(tools);
  const recentKeys = new LRUCache<string, true>({ max: RECENT_KEYS, ttl: RECENT_KEYS_MS });
  const pacing = new RetryPacing({
    retryAfterMs: deps.config.admissionRetryAfterSeconds * 1000,
    maxHeld: MAX_HELD_REFUSALS,
    onHeld: () => serviceMetrics.admissionRefusalsHeld.inc(),
  });
  const readBody = jsonBody({ limitBytes: deps.config.maxBodyBytes, docs: links(deps.config).docs() });
  return async (ctx, next) => {
    const admission = deps.admission;
    if (!admission) return next();
    const entry = toolOf(ctx.method, ctx.path);
    if (!entry) return next();
    ctx.state.arrivedAt = performance.now();
    const x402 = paymentHeaderOf(ctx.headers) !== null;
    const caller = callerTag(ctx.headers.authorization, ctx.state.clientIp);
    let pool = likelyPool(entry, deps, x402);
    if (!admission.hasRoom(pool, caller) && poolFollowsInput(entry)) {
      // No room for the tool's default model; the input may name one whose calls take the other pool (a local model while
      // the provider's calls fill theirs). Its body is read now, once (jsonBody finds it read), to decide exactly.
      await readBody(ctx, async () => undefined);
      pool = poolOf(entry, deps, x402, ctx.request.body as Record<string, unknown>) ?? pool;
    }
    // The key as its sender's (the credentials sent with it): only a hint, the idempotency layer scopes it for real.
    const keyed = ctx.state.idempotencyKey ? `${caller}\n${ctx.state.requestId}` : undefined;
    if (keyed && recentKeys.has(keyed) && !admission.hasRoom(pool, caller)) return next();
    const ticket = `early-${++tickets}`;
    try {
      admission.admit(ticket, pool, ctx.state.arrivedAt, caller);
    } catch (refusal) {
      await pacing.refusal(caller);
      throw refusal;
    }
    if (keyed) recentKeys.set(keyed, true);
    ctx.state.admissionTicket = ticket;
    try {
      await next();
    } finally {
      // A no-op once the call took the place over (it is given back when the call ends: executeToolCall).
      admission.release(ticket);
    }
  };
}

/** Refusals held at once, at most (a socket and a timer each): past it, refusals go out at once. */
const MAX_HELD_REFUSALS = 4096;

/** How many keys, and for how long, a replica remembers admitting (a caller that lost its answer retries within minutes). */
const RECENT_KEYS = 50_000;
const RECENT_KEYS_MS = 10 * 60_000;

/** Tickets are this process's own: never a call id (a caller's request id or key), so never one the call holds. */
let tickets = 0;

/** A tool whose calls take one pool or the other by their input (the model it names, a stream asked for), sent as JSON. */
function poolFollowsInput(entry: WorkflowToolEntry): boolean {
  const byInput = entry.model === 'local-capable' || entry.model === 'embedding' || entry.streaming === 'on-request';
  return byInput && takesBody(entry) && entry.body !== 'file';
}

/** The pool a call with this input takes, as prepareCall decides it; undefined when the input is refused there anyway. */
function poolOf(entry: WorkflowToolEntry, deps: ExecutionDeps, x402: boolean, input: Record<string, unknown>): AdmissionPool | undefined {
  if (x402) return 'upstream';
  let execution;
  try {
    execution = executionFor(entry, deps, input, links(deps.config).docs(entry.name));
  } catch {
    return undefined;
  }
  const stream = entry.streaming === 'always' || (entry.streaming === 'on-request' && input.stream === true);
  return isQuickCall({ execution, stream, orchestration: entry.orchestration }) ? 'local' : 'upstream';
}

/** The pool a call of this tool takes when its input leaves the model to its default (see executionFor). */
function likelyPool(entry: WorkflowToolEntry, deps: ExecutionDeps, x402: boolean): AdmissionPool {
  if (x402) return 'upstream';
  const local =
    entry.model === 'none'
      ? entry.execution === 'local-activity'
      : entry.model === 'local-capable' &&
        modelResolverFor(deps.config, deps.localModels.current()).resolve(undefined, { need: entry.need ?? 'fast', localCapable: true }).kind === 'local';
  const stream = entry.streaming === 'always';
  return isQuickCall({ execution: local ? 'local-activity' : 'activity', stream, orchestration: entry.orchestration }) ? 'local' : 'upstream';
}
