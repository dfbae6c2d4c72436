import type { Middleware } from 'koa';
import { nextUtcMidnight } from '../../activities/billing/clock';
import type { ToolCallRequest } from '../../schema/calls';
import { micros } from '../../schema/money';
import type { ToolEntry } from '../../schema/registry/types';
import { callMeta } from '../calls/callMeta';
import { executeToolCall } from '../calls/executeToolCall';
import { failureToHttp } from '../calls/failureToHttp';
import { workflowStarter } from '../calls/workflowStarter';
import type { AppDeps, RequestState } from '../deps';
import { BadRequest, ServiceUnavailable } from '../errors/httpErrors';
import { links } from '../links';
import { offerFor } from '../payments/paymentOffer';
import { paymentRequired } from '../payments/paymentRequired';
import type { StreamState } from '../streams/streamCall';
import type { PayerState } from './choosePayer';
import type { ModelState } from './chooseModel';

/** Runs the call as a workflow and answers with its output and `_meta`, or the error its failure maps to. */
export function callTool(
  entry: ToolEntry & { execution: 'local-activity' | 'activity' },
  deps: AppDeps,
): Middleware<RequestState & PayerState & ModelState & StreamState> {
  const { config } = deps;
  const docs = links(config).docs(entry.name);
  const offer = offerFor(deps, entry.path, entry.summary);
  const starter = workflowStarter(deps);

  return async (ctx) => {
    const payer = ctx.state.payer!;
    const request: ToolCallRequest = {
      callId: ctx.state.requestId,
      requestId: ctx.state.requestId,
      tool: entry.name,
      execution: ctx.state.execution ?? entry.execution,
      input: ctx.state.input ?? {},
      payer,
      pricing: payer.kind === 'free' ? 'free' : ctx.state.metered ? 'metered' : 'flat',
      listPriceMicros: ctx.state.metered?.maxMicros ?? entry.price,
      ...(ctx.state.metered ? { metering: ctx.state.metered.rates } : {}),
      ...(ctx.state.payment ? { payment: ctx.state.payment } : {}),
      ...(ctx.state.stream ? { stream: true } : {}),
    };
    const result = await executeToolCall(starter, request);

    switch (result.kind) {
      case 'not-yours':
        throw new BadRequest('this X-Request-Id was already used for a different call', 'Send a new X-Request-Id (or none) for a new call.', docs);
      case 'still-running':
        throw new ServiceUnavailable('the call is still running', 5, 'running', {
          hint: `Repeat the same request with the header X-Request-Id: ${ctx.state.requestId} to collect its result; it will not be charged twice.`,
        });
      case 'failed':
        throw failureToHttp(result.type, result.message, result.details, docs);
      case 'result':
        break;
    }
    const outcome = result.value;
    if (outcome.status === 'payment_failed') {
      throw paymentRequired(offer, `payment refused at settlement: ${outcome.message}`, entry.price, null, { reason: outcome.reason });
    }
    if (outcome.status === 'rejected') {
      if (outcome.reason === 'free_tier_exhausted') {
        const now = deps.clock.now();
        throw paymentRequired(offer, `free tier used up: ${config.freeTierDaily} AI calls a day per IP`, entry.price, null, {
          free_tier: { daily_limit: config.freeTierDaily, remaining: 0, resets_at: nextUtcMidnight(now).toISOString() },
        });
      }
      throw paymentRequired(offer, 'insufficient balance for this call', micros(outcome.priceMicros), outcome.balanceMicros ?? 0);
    }
    for (const [name, value] of Object.entries(outcome.receiptHeaders ?? {})) ctx.set(name, value);
    ctx.body = {
      ...outcome.output,
      _meta: callMeta(deps, { endpoint: entry.path, requestId: ctx.state.requestId, payer, pricing: request.pricing, outcome }),
    };
  };
}
