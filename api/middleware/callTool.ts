import type { Middleware } from 'koa';
import { nextUtcMidnight } from '../../activities/billing/clock';
import { CallErrors, type ToolCallRequest } from '../../schema/calls';
import { micros, microsToUsd } from '../../schema/money';
import type { ToolEntry } from '../../schema/registry/types';
import { executeToolCall } from '../calls/executeToolCall';
import type { AppDeps, RequestState } from '../deps';
import { BadRequest, type HttpError, ServiceUnavailable } from '../errors/httpErrors';
import { links } from '../links';
import { offerFor } from '../payments/paymentOffer';
import { paymentRequired } from '../payments/paymentRequired';
import type { StreamState } from '../streams/streamCall';
import type { PayerState } from './choosePayer';
import type { ModelState } from './chooseModel';

class InternalCallError extends Error {}

/** Runs the call as a workflow and answers with its output and `_meta`, or the error its failure maps to. */
export function callTool(
  entry: ToolEntry & { execution: 'local-activity' | 'activity' },
  deps: AppDeps,
): Middleware<RequestState & PayerState & ModelState & StreamState> {
  const { config } = deps;
  const docs = links(config).docs(entry.name);
  const offer = offerFor(deps, entry.path, entry.summary);
  const starter = {
    client: deps.temporal.client,
    taskQueue: config.taskQueue,
    eagerStart: deps.temporal.eagerStart,
    timeoutMs: config.callTimeoutSeconds * 1000,
  };

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
      _meta: {
        endpoint: entry.path,
        model: outcome.model,
        network:
          payer.kind === 'x402'
            ? (deps.x402?.terms.network ?? config.x402Network)
            : payer.kind === 'free'
              ? 'free-tier'
              : payer.kind === 'none'
                ? 'free'
                : 'prepaid',
        timestamp: new Date().toISOString(),
        request_id: ctx.state.requestId,
        payment: payer.kind,
        pricing: request.pricing,
        cost_usd: microsToUsd(outcome.chargedMicros),
        ...(outcome.balanceMicros !== undefined ? { balance_usd: microsToUsd(outcome.balanceMicros) } : {}),
        ...(outcome.freeCallsRemaining !== undefined ? { free_calls_remaining: outcome.freeCallsRemaining } : {}),
        tokens: outcome.tokens,
      },
    };
  };
}

function failureToHttp(type: string, message: string, details: unknown[], docs: string): HttpError | Error {
  const hint = (details[0] as { hint?: string } | undefined)?.hint;
  switch (type) {
    case CallErrors.invalidInput:
      return new BadRequest(message, hint ?? "Check the input against the tool's schema.", docs);
    case CallErrors.modelUnavailable:
      return new ServiceUnavailable(message, 60, 'model_unavailable', hint ? { hint } : {});
    case CallErrors.upstream:
      return new ServiceUnavailable(message, 30, 'upstream_unavailable', hint ? { hint } : {});
    case CallErrors.toolUnavailable:
      return new ServiceUnavailable(message, 300, 'tool_unavailable', hint ? { hint } : {});
    default:
      return new InternalCallError(`${type}: ${message}`);
  }
}
