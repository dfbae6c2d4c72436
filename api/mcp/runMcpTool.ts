import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { callAnswer } from '../calls/callAnswer';
import { executeToolCall } from '../calls/executeToolCall';
import { prepareCall } from '../calls/prepareCall';
import type { AppDeps, Caller } from '../deps';
import { HttpError } from '../errors/httpErrors';
import { links } from '../links';
import { mcpDiscovery } from '../payments/bazaarDiscovery';
import { validToolInput } from '../validation/runnableTool';
import type { McpTool } from './mcpCatalogue';
import { MCP_PAYMENT_RESPONSE_META, paymentHeadersFrom, paymentRequiredResult, paymentResponseFrom } from './mcpPayment';

export interface McpCaller {
  readonly caller: Caller | undefined;
  readonly clientIp: string;
  readonly requestId: string;
  /** Who the caller is as far as admission can tell, for its share of the places (api/admission/callerTag.ts). */
  readonly callerTag?: string;
}

/**
 * One MCP tool call, through the same checks, workflow and ledger as its HTTP route: a key pays as usual; an x402
 * payment in `_meta["x402/payment"]` is verified and settled exactly as the PAYMENT-SIGNATURE header is over HTTP;
 * without either, the call spends the client's daily MCP allowance. Problems the model can act on (bad input, no
 * credit, allowance used up) come back as a tool result with isError, as MCP asks; one that can be paid for carries
 * the x402 PaymentRequired.
 */
export async function runMcpTool(
  deps: AppDeps,
  tool: McpTool,
  args: Record<string, unknown>,
  from: McpCaller,
  meta?: Record<string, unknown>,
  /** The client cancelled the request (notifications/cancelled) or its connection closed. */
  leaving?: AbortSignal,
): Promise<CallToolResult> {
  const { entry } = tool;
  const docs = links(deps.config).docs(entry.name);
  try {
    const input = validToolInput(entry, args, docs, 'arguments');
    delete input.stream;
    const request = await prepareCall(deps, entry, input, {
      channel: 'mcp',
      callId: randomUUID(),
      requestId: from.requestId,
      clientIp: from.clientIp,
      caller: from.caller,
      ...(from.callerTag ? { callerTag: from.callerTag } : {}),
      ...withPayment(meta),
    });
    const result = await executeToolCall(deps, request, leaving);
    if (result.kind === 'still-running') {
      // MCP has no way to collect a late answer: say so, rather than invite a retry that would run (and bill) it twice.
      return refused(
        `the call did not finish within ${deps.config.callTimeoutSeconds} s; it goes on as call-${request.callId} and is billed only if it completes, but its answer cannot be returned here`,
      );
    }
    const answer = callAnswer(deps, entry, request, result);
    const receipt = paymentResponseFrom(answer.headers);
    return {
      content: [{ type: 'text', text: JSON.stringify(answer.output) }],
      structuredContent: answer.output,
      _meta: { ...answer.meta, ...(receipt ? { [MCP_PAYMENT_RESPONSE_META]: receipt } : {}) },
    };
  } catch (error) {
    if (error instanceof HttpError) return refusedBy(error, tool);
    deps.log.error({ err: error, requestId: from.requestId, tool: entry.name }, 'MCP tool call failed');
    return refusedBy(error as Error, tool);
  }
}

function refused(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

/** The HTTP error's body (error, hint, status …) as the text a model reads; an internal failure says no more than HTTP would. */
function refusedBy(error: Error, tool: McpTool): CallToolResult {
  if (!(error instanceof HttpError)) return refused('the tool failed on our side; it was not charged');
  const payable = paymentRequiredResult(error, mcpDiscovery(tool.entry, tool));
  if (payable) return payable;
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ http_status: error.status, ...error.body() }) }] };
}

/** The x402 payment of `_meta`, handed to prepareCall as the header it reads over HTTP. */
function withPayment(meta: Record<string, unknown> | undefined): { headers?: Record<string, string> } {
  const headers = paymentHeadersFrom(meta);
  return headers ? { headers } : {};
}
