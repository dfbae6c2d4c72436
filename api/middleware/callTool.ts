import type { Middleware } from 'koa';
import type { ToolCallRequest } from '../../schema/calls';
import type { WorkflowToolEntry } from '../../schema/registry';
import { callerTag } from '../admission/callerTag';
import { callAnswer } from '../calls/callAnswer';
import { callerLeaving } from '../calls/callerLeaving';
import { executeToolCall } from '../calls/executeToolCall';
import { prepareCall } from '../calls/prepareCall';
import type { AppDeps, RequestState } from '../deps';

export interface CallState {
  /** The prepared call: who pays, how it runs, whether it streams (set by prepare(), run by callTool()). */
  call?: ToolCallRequest;
}

/** Decides who pays and checks the plan and model, before the call runs (api/calls/prepareCall.ts). */
export function prepare(entry: WorkflowToolEntry, deps: AppDeps): Middleware<RequestState & CallState> {
  return async (ctx, next) => {
    ctx.state.call = await prepareCall(deps, entry, ctx.state.input ?? {}, {
      channel: 'http',
      callId: ctx.state.callId,
      requestId: ctx.state.requestId,
      clientIp: ctx.state.clientIp,
      caller: ctx.state.caller,
      headers: ctx.headers,
      ...(ctx.state.balanceAhead ? { balanceAhead: ctx.state.balanceAhead } : {}),
      ...(ctx.state.attaching ? { attaching: true } : {}),
      ...(ctx.state.idempotencyKey ? { collectable: true } : {}),
      ...(ctx.state.arrivedAt !== undefined ? { arrivedAt: ctx.state.arrivedAt } : {}),
      ...(ctx.state.admissionTicket ? { admissionTicket: ctx.state.admissionTicket } : {}),
      callerTag: callerTag(ctx.headers.authorization, ctx.state.clientIp),
    });
    const { payer } = ctx.state.call;
    if (payer.kind === 'x402') ctx.state.payerLabel = `wallet:${payer.id}`;
    if (payer.kind === 'free') ctx.state.payerLabel = `free:${ctx.state.clientIp}`;
    await next();
  };
}

/** Runs the prepared call as a workflow and answers with its output and `_meta`, or the error its outcome maps to. */
export function callTool(entry: WorkflowToolEntry, deps: AppDeps): Middleware<RequestState & CallState> {
  return async (ctx) => {
    const request = ctx.state.call!;
    const answer = callAnswer(deps, entry, request, await executeToolCall(deps, request, callerLeaving(ctx.res)), ctx.state.idempotencyKey);
    for (const [name, value] of Object.entries(answer.headers)) ctx.set(name, value);
    ctx.state.upstreamMs = answer.upstreamMs;
    ctx.body = { ...answer.output, _meta: answer.meta };
  };
}
