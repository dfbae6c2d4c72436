import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { isQuickCall } from '../../schema/calls';
import { modelResolverFor } from '../../core/models/configuredProviders';
import type { WorkflowToolEntry } from '../../schema/registry';
import type { AppDeps, RequestState } from '../deps';
import { paymentHeaderOf } from '../payments/acceptPayment';
import { toolEntryOf } from '../routes/toolEntryOf';
import type { AdmissionPool } from './admission';

/** Headers that make a request one that may collect a call already running (its key), served however full the replica is. */
const KEYS = ['idempotency-key', 'x-request-id', 'payment-identifier'];

/**
 * Refuses a paid call when its pool is already full, first thing, before its caller is identified, its body read or
 * its balance and rate limit looked up: under overload most requests are refused, and a refusal that costs those
 * round trips takes CPU from the calls admitted and comes back slowly (a replica saturated by 4× its capacity
 * answered its refusals in ~1.5 s, its accepted calls in ~1.7 s). The pool is the one the call takes with its input's
 * defaults (prepareCall decides exactly, and admits there); a request naming another model may be refused for the
 * pool it would not have used, while that pool is full. A request with an idempotency key is left to prepareCall:
 * it may be a repeat collecting a call already running, which is served whatever the load.
 */
export function shedEarly(deps: Pick<AppDeps, 'admission' | 'config' | 'localModels'>, tools: Router<RequestState>): Middleware<RequestState> {
  const toolOf = toolEntryOf(tools);
  return async (ctx, next) => {
    const admission = deps.admission;
    if (!admission) return next();
    const entry = toolOf(ctx.method, ctx.path);
    if (!entry) return next();
    ctx.state.arrivedAt = performance.now();
    if (KEYS.some((name) => ctx.headers[name] !== undefined)) return next();
    const pool = likelyPool(entry, deps, paymentHeaderOf(ctx.headers) !== null);
    if (admission.full(pool)) throw admission.refuse(pool);
    return next();
  };
}

/** The pool a call of this tool takes when its input leaves the model to its default (see executionFor). */
function likelyPool(entry: WorkflowToolEntry, deps: Pick<AppDeps, 'config' | 'localModels'>, x402: boolean): AdmissionPool {
  if (x402) return 'upstream';
  const local =
    entry.model === 'none'
      ? entry.execution === 'local-activity'
      : entry.model === 'local-capable' &&
        modelResolverFor(deps.config, deps.localModels.current()).resolve(undefined, { need: entry.need ?? 'fast', localCapable: true }).kind === 'local';
  const stream = entry.streaming === 'always';
  return isQuickCall({ execution: local ? 'local-activity' : 'activity', stream, orchestration: entry.orchestration }) ? 'local' : 'upstream';
}
