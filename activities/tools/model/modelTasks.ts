import type { Config } from '../../../schema/config';
import type { ToolEntry } from '../../../schema/registry';
import type { SafeFetch } from '../../net/safeFetch';
import { answerFinishers } from './answerFinishers';
import { chatTask, messagesTask, previewTask } from './conversationTasks';
import { fetchImage } from './fetchImage';
import type { ModelTask } from './modelTask';
import { jsonToolRequest, proseToolRequest } from './toolPrompt';
import { wordCount } from './wordCount';

export interface TaskContext {
  readonly callId: string;
  readonly safeFetch: SafeFetch;
  readonly config: Pick<Config, 'visionMaxImageBytes'>;
  readonly signal?: AbortSignal;
}

type TaskBuilder = (entry: ToolEntry, input: Record<string, unknown>, context: TaskContext) => ModelTask | Promise<ModelTask>;

/** Tools whose request is not "the instruction, the schema, the input as JSON". */
const SPECIAL: Readonly<Record<string, TaskBuilder>> = {
  chat: chatTask,
  'v1/messages': messagesTask,
  preview: previewTask,
  vision: async (entry, input, context) => {
    const image = await fetchImage(context.safeFetch, String(input.image_url), context.config.visionMaxImageBytes, context.signal);
    const { image_url: _url, ...rest } = input;
    return { kind: 'json', request: jsonToolRequest(entry, rest, [image]) };
  },
};

/** What the model is asked for one call of a tool, and how its answer becomes the output. */
export function modelTaskFor(entry: ToolEntry, input: Record<string, unknown>, context: TaskContext): ModelTask | Promise<ModelTask> {
  const special = SPECIAL[entry.name];
  if (special) return special(entry, input, context);
  if (entry.streaming === 'always') {
    return {
      kind: 'text',
      request: proseToolRequest(entry, input),
      toOutput: (text) => ({ text, format: 'markdown', word_count: wordCount(text) }),
    };
  }
  const finisher = answerFinishers[entry.name];
  return { kind: 'json', request: jsonToolRequest(entry, input), ...(finisher ? { finish: (answer) => finisher(answer, input) } : {}) };
}
