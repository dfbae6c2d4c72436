import type { ToolResult } from '../../schema/calls';
import type { Config } from '../../schema/config';
import { byName } from '../../schema/registry';
import type { Db } from '../db/createDb';
import type { SafeFetch } from '../net/safeFetch';
import type { ModelRouter } from '../providers';
import { publishCallStream } from '../streams/publishCallStream';
import { trackCallProgress } from './callProgress';
import { fetchPageText } from './fetchPageText';
import { localTools } from './localTools';
import { modelTaskFor } from './model/modelTasks';
import { runModelTool } from './model/runModelTool';
import type { CodeRunTool } from './sandbox/codeRunTool';
import { invalidInput } from './toolFailure';

export interface RunToolRequest {
  readonly tool: string;
  readonly input: Record<string, unknown>;
  /** The call this run belongs to: names its stream channel and the ids it hands out (e.g. /v1/messages). */
  readonly callId?: string;
  /** Publish the answer as it is written, for a caller reading server-sent events. */
  readonly stream?: boolean;
}

export interface ToolRunnerDeps {
  readonly router: ModelRouter;
  readonly db: Db;
  readonly config: Pick<Config, 'visionMaxImageBytes' | 'pageMaxBytes'>;
  readonly safeFetch: SafeFetch;
  readonly codeRun: CodeRunTool;
}

export type RunTool = (request: RunToolRequest) => Promise<ToolResult>;

/**
 * Runs one tool on the model the caller chose. `local` (or `auto` with no provider configured) serves a tool
 * with an offline method; anything else goes through the model router, which picks for the tool's need and
 * refuses unknown or unconfigured models. Heartbeats carry the progress and bring cancellation in.
 */
export function createToolRunner(deps: ToolRunnerDeps): RunTool {
  return async ({ tool, input, callId = 'unknown', stream }) => {
    const entry = byName.get(tool);
    if (!entry) throw invalidInput(`no tool named ${tool}`);
    const progress = trackCallProgress();
    try {
      if (tool === 'code/run') {
        progress.update({ phase: 'running' });
        return await deps.codeRun(input, progress.signal);
      }
      if (entry.readsUrl && typeof input.url === 'string') {
        progress.update({ phase: 'fetching' });
        const { url, ...rest } = input;
        input = { ...rest, text: await fetchPageText(deps.safeFetch, url as string, deps.config.pageMaxBytes, progress.signal) };
      }
      const local = entry.model === 'local-capable' ? localTools[tool] : undefined;
      const choice = deps.router.resolve(input.model as string | undefined, { need: entry.need ?? 'fast', localCapable: Boolean(local) });
      if (choice.kind === 'local') {
        if (!local) throw invalidInput(`no offline method for ${tool}`);
        return local(input);
      }
      const task = await modelTaskFor(entry, input, { callId, safeFetch: deps.safeFetch, config: deps.config, signal: progress.signal });
      if (!stream) return await runModelTool(deps.router, { entry, choice, task, progress });
      const publisher = publishCallStream(deps.db, { callId, attempt: progress.attempt });
      try {
        return await runModelTool(deps.router, { entry, choice, task, progress, stream: publisher });
      } finally {
        await publisher.finish();
      }
    } finally {
      progress.stop();
    }
  };
}
