import { ApplicationFailure } from '@temporalio/common';
import { CallErrors, type ToolResult } from '../../schema/calls';
import type { Payer } from '../../schema/events';
import { byName } from '../../schema/registry';
import { publishCallStream } from '../callStreams/publishCallStream';
import { publishOfflineAnswer } from '../callStreams/publishOfflineAnswer';
import { trackCallProgress } from './callProgress';
import { fetchPageText } from './fetchPageText';
import { workerOfflineAids } from './offlineAids';
import { toolImplementations } from './toolImplementations';
import { defaultModelTask } from './model/modelTasks';
import { runModelTool } from './model/runModelTool';
import { invalidInput } from '../../core/calls/callFailures';
import type { OfflineAids, ToolContext, ToolDeps } from './toolImplementation';
import { findUnstorable } from '../../core/validation/storableText';

export interface RunToolRequest {
  readonly tool: string;
  readonly input: Record<string, unknown>;
  /** The call this run belongs to: names its stream channel and the ids it hands out (e.g. /v1/messages). */
  readonly callId?: string;
  /** Publish the answer as it is written, for a caller reading server-sent events. */
  readonly stream?: boolean;
  /** Who pays for the call, and so on whose behalf a tool with state acts (owner of agents, memory, files …). */
  readonly payer?: Payer;
  readonly requestId?: string;
  /** The caller's deadline (epoch ms, ToolCallRequest.deadline): a run that would begin after it does not (DeadlineExceeded). */
  readonly deadline?: number;
}

export type RunTool = (request: RunToolRequest) => Promise<ToolResult>;

/**
 * Runs one tool as its implementation says. A tool that asks no model runs directly; otherwise `local` (or `auto`
 * with no provider configured) serves it with its offline method, and anything else goes through the model router,
 * which picks for the tool's need and refuses unknown or unconfigured models. Heartbeats carry the progress and
 * bring cancellation in. `offlineAids` are the worker's (the local embedding model's similarity, once installed) unless
 * given: the OpenAPI document's answer examples are made without them (scripts/answerExamples.ts).
 */
export function createToolRunner(deps: ToolDeps, offlineAids: () => OfflineAids = workerOfflineAids(deps)): RunTool {
  const run = runOnce(deps, offlineAids, (request) => runner(request));
  const runner: RunTool = async (request) => {
    const result = await run(request);
    // A job records its result, a chain passes it on: text PostgreSQL cannot store must fail the call before it is charged.
    const unstorable = findUnstorable(result.output);
    if (unstorable) throw invalidInput(`the result for this input cannot be returned: ${unstorable.path} ${unstorable.reason}`);
    return result;
  };
  return runner;
}

/** One run of a tool; `runner` is the checked runner a tool that calls another tool goes through; `offlineAids` the worker's. */
function runOnce(deps: ToolDeps, offlineAids: () => OfflineAids, runner: RunTool): RunTool {
  return async ({ tool, input, callId = 'unknown', stream, payer, requestId }) => {
    const entry = byName.get(tool);
    if (!entry) throw invalidInput(`no tool named ${tool}`);
    const implementation = toolImplementations[tool] ?? {};
    const progress = trackCallProgress();
    const context: ToolContext = {
      callId,
      requestId: requestId ?? callId,
      payer,
      progress,
      deps,
      runTool: (inner, innerInput) => runner({ tool: inner, input: innerInput, callId, ...(payer ? { payer } : {}), ...(requestId ? { requestId } : {}) }),
    };
    try {
      if (implementation.run) {
        progress.update({ phase: 'running' });
        const run = implementation.run;
        return entry.execution === 'local-activity' ? await deterministic(() => run(input, context)) : await run(input, context);
      }
      if (entry.readsUrl && typeof input.url === 'string') {
        progress.update({ phase: 'fetching' });
        const { url, ...rest } = input;
        input = { ...rest, text: await fetchPageText(deps.safeFetch, url as string, deps.config.pageMaxBytes, progress.signal) };
      }
      const offline = entry.model === 'local-capable' ? implementation.offline : undefined;
      const choice = deps.router.resolve(input.model as string | undefined, { need: entry.need ?? 'fast', localCapable: Boolean(offline) });
      if (choice.kind === 'local') {
        if (!offline) throw invalidInput(`no offline method for ${tool}`);
        const result = await deterministic(() => offline(input, offlineAids()));
        const text = result.output.text;
        if (stream && typeof text === 'string') await publishOfflineAnswer(deps.db, progress, { callId, text });
        return result;
      }
      const task = await (implementation.modelTask ? implementation.modelTask(entry, input, context) : defaultModelTask(entry, input, implementation));
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

/**
 * Offline tool code is a pure function of its input: an error it throws (a bug met by this input) would be thrown
 * again by every retry, so it fails the call at once (refunded, answered 500) instead of being retried.
 */
async function deterministic<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApplicationFailure || !(error instanceof Error)) throw error;
    throw ApplicationFailure.create({ type: CallErrors.internal, message: error.message, nonRetryable: true });
  }
}
