import { ApplicationFailure } from '@temporalio/activity';
import { CallErrors, type ToolResult } from '../../../schema/calls';
import type { TokenUsage } from '../../../schema/events';
import { findModel } from '../../../schema/models';
import type { ToolEntry } from '../../../schema/registry';
import type { ModelRequest, ModelRouter, ProviderChoice, RoutedCompletion } from '../../providers';
import type { CallStreamPublisher } from '../../callStreams/publishCallStream';
import type { CallProgress } from '../callProgress';
import { checkAnswer } from './answerSchema';
import { AnswerProblem, type ModelTask } from './modelTask';
import { parseJsonAnswer } from './parseJsonAnswer';
import { repairRequest } from './toolPrompt';

export interface ModelRun {
  readonly entry: ToolEntry;
  readonly choice: ProviderChoice;
  readonly task: ModelTask;
  readonly progress: CallProgress;
  /** Present when the caller reads the answer as it is written. */
  readonly stream?: CallStreamPublisher;
}

/** The first answer, and one repair when it does not fit. */
const MODEL_REQUESTS = 2;

/**
 * Runs a tool on a model provider. A JSON answer is parsed and checked against the tool's output schema; when it
 * does not fit, the model sees its answer and what was wrong once, and a second misfit fails the call (which the
 * workflow then refunds). The tokens are the provider's own counts, summed over both requests.
 */
export async function runModelTool(router: ModelRouter, run: ModelRun): Promise<ToolResult> {
  const { entry, task, progress } = run;
  let choice = run.choice;
  let request = task.request;
  let tokens: TokenUsage = { input: 0, output: 0 };
  for (let requests = 1; ; requests++) {
    progress.update({ phase: 'waiting-for-model', requests });
    const completion = await ask(router, choice, request, run);
    tokens = { input: tokens.input + completion.usage.input, output: tokens.output + completion.usage.output };
    if (task.kind === 'text') return { output: task.toOutput(completion.text, completion), model: completion.model, tokens };

    progress.update({ phase: 'validating' });
    const checked = check(entry, task, completion.text);
    if (checked.ok) return { output: checked.value, model: completion.model, tokens };
    if (requests >= MODEL_REQUESTS) throw unusableAnswer(entry, completion.model, checked.problems);
    progress.update({ phase: 'repairing' });
    request = repairRequest(request, completion.text, checked.problems);
    // The repair goes back to the model that wrote the answer, whatever `auto` would choose now.
    const answered = findModel(completion.model);
    if (answered) choice = { kind: 'model', model: answered };
  }
}

async function ask(router: ModelRouter, choice: ProviderChoice, request: ModelRequest, run: ModelRun): Promise<RoutedCompletion> {
  const { progress, stream } = run;
  if (!stream) return router.complete(choice, request, progress.signal);
  try {
    return await router.stream(
      choice,
      request,
      (delta) => {
        stream.push(delta);
        progress.update({ phase: 'streaming', characters: stream.length });
      },
      progress.signal,
    );
  } catch (error) {
    // Text the caller already read cannot be taken back: a retried attempt would send it again, so the failure is final.
    if (stream.length > 0 && error instanceof ApplicationFailure && !error.nonRetryable) {
      throw ApplicationFailure.create({
        type: error.type ?? CallErrors.upstream,
        message: error.message,
        nonRetryable: true,
        details: [...(error.details ?? [])],
      });
    }
    throw error;
  }
}

type Checked = { ok: true; value: Record<string, unknown> } | { ok: false; problems: readonly string[] };

function check(entry: ToolEntry, task: Extract<ModelTask, { kind: 'json' }>, text: string): Checked {
  const parsed = parseJsonAnswer(text);
  if (!parsed.ok) return { ok: false, problems: [parsed.problem] };
  const fits = checkAnswer(entry.output, parsed.value);
  if (!fits.ok) return fits;
  try {
    return { ok: true, value: task.finish ? task.finish(fits.value) : fits.value };
  } catch (error) {
    if (error instanceof AnswerProblem) return { ok: false, problems: [error.message] };
    throw error;
  }
}

function unusableAnswer(entry: ToolEntry, model: string, problems: readonly string[]): ApplicationFailure {
  return ApplicationFailure.create({
    type: CallErrors.upstream,
    message: `${model} answered ${entry.path} with JSON that does not fit its output schema, even after one repair: ${problems.slice(0, 3).join('; ')}`,
    nonRetryable: true,
    details: [{ hint: 'The call was not charged. Try again, or name another model in `model` (GET /models lists them).' }],
  });
}
