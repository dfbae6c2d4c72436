import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCallRequest } from '../../schema/calls';
import type { Payer } from '../../schema/events';
import { mcpAllowanceId } from '../../schema/freeAllowance';
import { microsToUsd } from '../../schema/money';
import { callMeta } from '../calls/callMeta';
import { executeToolCall } from '../calls/executeToolCall';
import { failureToHttp } from '../calls/failureToHttp';
import { workflowStarter } from '../calls/workflowStarter';
import type { AppDeps, Caller } from '../deps';
import { HttpError } from '../errors/httpErrors';
import { links } from '../links';
import { executionFor } from '../middleware/chooseModel';
import { orchestrationProblem } from '../orchestration/checkOrchestration';
import { validToolInput } from '../validation/toolInput';
import type { McpTool } from './mcpCatalogue';

export interface McpCaller {
  readonly caller: Caller | undefined;
  readonly clientIp: string;
  readonly requestId: string;
}

/**
 * One MCP tool call, through the same checks, workflow and ledger as its HTTP route: a key pays as usual;
 * without one, the call spends the client's daily MCP allowance. Problems the model can act on (bad input,
 * no credit, allowance used up) come back as a tool result with isError, as MCP asks.
 */
export async function runMcpTool(deps: AppDeps, tool: McpTool, args: Record<string, unknown>, from: McpCaller): Promise<CallToolResult> {
  const { entry } = tool;
  const docs = links(deps.config).docs(entry.name);
  try {
    const input = validToolInput(entry, args, docs, 'arguments');
    delete input.stream;
    const problem = orchestrationProblem(entry, input, deps, docs);
    if (problem) return refusedBy(problem);
    const payer = payerOf(from, entry);
    if ('refusal' in payer) return refused(payer.refusal);
    const execution = executionFor(entry, deps, input.model as string | undefined, docs);
    const request: ToolCallRequest = {
      callId: randomUUID(),
      requestId: from.requestId,
      tool: entry.name,
      execution,
      input,
      payer,
      pricing: payer.kind === 'free' ? 'free' : 'flat',
      listPriceMicros: entry.price,
    };
    const result = await executeToolCall(workflowStarter(deps), request);
    if (result.kind === 'failed') {
      const failure = failureToHttp(result.type, result.message, result.details, docs);
      if (!(failure instanceof HttpError)) deps.log.error({ err: failure, requestId: from.requestId, tool: entry.name }, 'MCP tool call failed');
      return refusedBy(failure);
    }
    if (result.kind !== 'result') {
      // MCP has no way to collect a late answer: say so, rather than invite a retry that would run (and bill) it twice.
      return refused(
        `the call did not finish within ${deps.config.callTimeoutSeconds} s; it goes on as call-${request.callId} and is billed only if it completes, but its answer cannot be returned here`,
      );
    }

    const outcome = result.value;
    if (outcome.status === 'rejected') {
      return refused(
        outcome.reason === 'free_tier_exhausted'
          ? `the MCP allowance of ${deps.config.mcpFreeDaily} calls a day is used up: send an API key (Authorization: Bearer apk_…) for unlimited calls; POST /auth/generate-key makes one`
          : `insufficient balance: the call costs ${microsToUsd(outcome.priceMicros)} USD, the key holds ${microsToUsd(outcome.balanceMicros ?? 0)} USD; top up at ${links(deps.config).topUp}`,
      );
    }
    if (outcome.status !== 'completed') return refused(`the call was not paid: ${outcome.message}`);
    return {
      content: [{ type: 'text', text: JSON.stringify(outcome.output) }],
      structuredContent: outcome.output,
      _meta: callMeta(deps, { endpoint: entry.path, requestId: from.requestId, payer, pricing: request.pricing, outcome }),
    };
  } catch (error) {
    if (error instanceof HttpError) return refusedBy(error);
    throw error;
  }
}

function payerOf(from: McpCaller, entry: McpTool['entry']): Payer | { refusal: string } {
  // A free tool (the /preview demo) bills no one and spends no allowance, as over HTTP.
  if (entry.price === 0) return { kind: 'none', id: from.clientIp };
  if (from.caller?.kind === 'key') return { kind: 'key', id: from.caller.accountId };
  if (entry.premium) return { refusal: 'this is a premium tool: send an API key with credit (Authorization: Bearer apk_…)' };
  return { kind: 'free', id: mcpAllowanceId(from.clientIp) };
}

function refused(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

/** The HTTP error's body (error, hint, status …) as the text a model reads; an internal failure says no more than HTTP would. */
function refusedBy(error: Error): CallToolResult {
  if (!(error instanceof HttpError)) return refused('the tool failed on our side; it was not charged');
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ http_status: error.status, ...error.body() }) }] };
}
