import { availableParallelism } from 'node:os';
import { toolUnavailable } from '../../../core/calls/callFailures';
import type { ToolResult } from '../../../schema/calls';
import type { Config } from '../../../schema/config';
import type { codeTools } from '../../../schema/code/codeTools';
import type { ToolArguments } from '../../../schema/registry/toolInput';
import { runPython, type SandboxLimits } from './runPython';
import { createRunSlots } from './runSlots';

/** /code/run: its input as the registry entry describes it (the timeout defaults to 5 s). */
export type CodeRunTool = (input: ToolArguments<typeof codeTools, 'code/run'>, signal?: AbortSignal) => Promise<ToolResult>;

/** What `_meta.model` says answered: no model, the sandboxed interpreter. */
const ENGINE = 'sandbox/python';

/**
 * /code/run on this worker. The jail needs root (or CAP_SYS_ADMIN) for its namespaces and mounts; whether it
 * works here is tried once with a trivial program, and where it does not, every call fails with ToolUnavailable
 * (503, refunded) rather than running a caller's code with weaker isolation.
 */
export function createCodeRunTool(config: Pick<Config, 'codeRunPython' | 'codeRunMemoryMb' | 'codeRunMaxSeconds'>): CodeRunTool {
  const limits: SandboxLimits = { python: config.codeRunPython, memoryMb: config.codeRunMemoryMb, maxSeconds: config.codeRunMaxSeconds };
  let ready: Promise<string | null> | undefined;
  // One program per core: each may use a whole core and CODE_RUN_MEMORY_MB until its limits stop it.
  const slots = createRunSlots(availableParallelism());

  return async (input, signal) => {
    ready ??= whyUnavailable(limits);
    const problem = await ready;
    if (problem) {
      throw toolUnavailable(
        `code execution is not available on this worker: ${problem}`,
        'The worker needs root (or CAP_SYS_ADMIN) for its sandbox, and CODE_RUN_PYTHON under /usr. The call was not charged.',
        ['CODE_RUN_PYTHON'],
      );
    }
    const output = await slots.use(() => runPython({ code: input.code, stdin: input.stdin, timeoutSeconds: input.timeout_seconds ?? 5 }, limits, signal));
    return { output: { ...output }, model: ENGINE, tokens: { input: 0, output: 0 } };
  };
}

async function whyUnavailable(limits: SandboxLimits): Promise<string | null> {
  if (!limits.python.startsWith('/usr/')) return `CODE_RUN_PYTHON (${limits.python}) is not under /usr, the only host folder the sandbox sees`;
  try {
    const probe = await runPython({ code: 'print("ok")', timeoutSeconds: 10 }, { ...limits, maxSeconds: 10 });
    if (probe.exit_code === 0 && probe.stdout === 'ok\n') return null;
    return (probe.stderr.trim().split('\n').at(-1) ?? '') || `the sandbox probe exited with ${probe.exit_code}`;
  } catch (error) {
    return (error as Error).message;
  }
}
