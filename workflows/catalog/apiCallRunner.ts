import type { ToolCallRequest } from '../../schema/calls';
import { MAX_TEXT } from '../../schema/textLimits';
import type { OrchestrationRun } from '../orchestration/orchestrationRun';
import { queued } from '../orchestration/proxies';
import type { catalogTools } from '../../schema/catalog/catalogTools';
import type { ToolInput } from '../../schema/registry/toolInput';

const PROXY = 'proxy/http';

/**
 * /api-call: the API's answer (one activity, through the URL guard), then, when asked, its enrichment by a registry
 * tool that takes `text` (summarize by default), run as a step of this call: one reservation pays for both, and a
 * failure of either refunds it.
 */
export async function runApiCall(request: ToolCallRequest): Promise<OrchestrationRun> {
  const started = Date.now();
  // The call's input was validated against /api-call's entry before the workflow started.
  const input = request.input as ToolInput<typeof catalogTools, 'api-call'>;
  const answer = await queued.callCatalogApi({ input });
  if (!input.enrich) return { output: answer, model: PROXY, tokens: { input: 0, output: 0 }, durationMs: Date.now() - started };

  const tool = input.enrich === true ? 'summarize' : input.enrich;
  const body = answer.data !== undefined ? JSON.stringify(answer.data, null, 1) : String(answer.text ?? '');
  const step = await queued.runStep({
    callId: request.callId,
    step: 1,
    tool,
    params: { text: body.slice(0, MAX_TEXT) || `(empty answer, HTTP ${String(answer.status)})`, ...(input.model ? { model: input.model } : {}) },
    payer: request.payer,
  });
  return {
    output: { ...answer, enrichment: { tool, result: step.output, model: step.model } },
    model: step.model,
    tokens: step.tokens,
    durationMs: Date.now() - started,
  };
}
