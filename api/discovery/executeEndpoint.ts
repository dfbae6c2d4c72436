import { mcpToolName } from '../mcp/mcpCatalogue';
import { callerTag } from '../admission/callerTag';
import { callAnswer } from '../calls/callAnswer';
import { executeToolCall } from '../calls/executeToolCall';
import { prepareCall } from '../calls/prepareCall';
import { byName, isWorkflowTool, registry, type WorkflowToolEntry } from '../../schema/registry';
import { microsToUsd } from '../../schema/money';
import { closest } from '../../core/validation/closest';
import { NotFound } from '../errors/httpErrors';
import type { discoveryTools } from '../../schema/discovery/discoveryTools';
import type { HandlerFor } from '../inline/inlineHandler';
import { validToolInput } from '../validation/runnableTool';
import { MICROS_PER_CREDIT } from './endpointList';

/**
 * POST /execute/{endpoint_id} (the tutorial's pair of GET /discover/endpoints): runs the tool by its endpoint id
 * through the very path its own route takes (input check, prepareCall, the toolCall workflow, callAnswer), so it
 * is paid, refused and charged exactly as that route would be; only the answer's shape is the tutorial's.
 */
export const executeEndpoint: HandlerFor<typeof discoveryTools, 'execute'> = async (input, { deps, state, docs, headers, setHeader, leaving }) => {
  const entry = toolNamed(input.endpoint_id, docs);
  const toolInput = validToolInput(entry, input.input ?? {}, docs, 'input');
  const request = await prepareCall(deps, entry, toolInput, {
    channel: 'execute',
    callId: state.callId,
    requestId: state.requestId,
    clientIp: state.clientIp,
    caller: state.caller,
    headers,
    collectable: state.idempotencyKey !== undefined,
    callerTag: callerTag(headers.authorization, state.clientIp),
  });
  state.tool = entry.name;
  // The request log names the payer as a tool's own route does (api/middleware/callTool.ts).
  if (request.payer.kind === 'x402') state.payerLabel = `wallet:${request.payer.id}`;
  if (request.payer.kind === 'free') state.payerLabel = `free:${state.clientIp}`;
  const result = await executeToolCall(deps, request, leaving());
  const answer = callAnswer(deps, entry, request, result, state.idempotencyKey);
  for (const [name, value] of Object.entries(answer.headers)) setHeader(name, value);
  state.upstreamMs = answer.upstreamMs;
  const outcome = result.kind === 'result' && result.value.status === 'completed' ? result.value : undefined;
  const charged = outcome?.chargedMicros ?? 0;
  return {
    endpoint_id: entry.name,
    output: answer.output,
    tokens_used: (outcome?.tokens.input ?? 0) + (outcome?.tokens.output ?? 0),
    credits_charged: charged / MICROS_PER_CREDIT,
    cost_usd: microsToUsd(charged),
    transaction_id: request.callId,
    _meta: answer.meta,
  };
};

/** A paid tool by its endpoint id: "sentiment", "/sentiment", "code/run" or its MCP form "code_run". */
function toolNamed(id: string, docs: string): WorkflowToolEntry {
  const name = id.trim().replace(/^\//, '');
  const entry = byName.get(name) ?? registry.find((e) => mcpToolName(e.name) === name);
  if (isWorkflowTool(entry)) return entry;
  const runnable = registry.filter(isWorkflowTool).map((e) => e.name);
  throw new NotFound(
    entry ? `${entry.path} is not a paid tool: call it at its own path` : `no endpoint "${name}" to execute`,
    entry ? null : closest(name, runnable, 0.6),
    docs,
  );
}
