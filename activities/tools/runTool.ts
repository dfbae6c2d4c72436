import type { ToolResult } from '../../schema/calls';
import { localTools } from './localTools';
import { invalidInput } from './toolFailure';

export interface RunToolRequest {
  readonly tool: string;
  readonly input: Record<string, unknown>;
}

const LOCAL_MODELS = new Set(['auto', 'local']);

/** Runs one tool on the model the caller chose (`auto` picks the best configured one). */
export async function runTool(request: RunToolRequest): Promise<ToolResult> {
  const { tool, input } = request;
  const model = (input.model as string | undefined) ?? 'auto';
  const local = localTools[tool];
  if (!local) throw invalidInput(`no implementation for tool ${tool}`);
  if (!LOCAL_MODELS.has(model) && !model.startsWith('local/')) {
    throw invalidInput(`unknown model "${model}"`, 'Use "auto" or "local"; GET /models lists every model.');
  }
  return local(input);
}
