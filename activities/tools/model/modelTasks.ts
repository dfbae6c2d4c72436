import type { ToolEntry } from '../../../schema/registry';
import type { ToolImplementation } from '../toolImplementation';
import type { ModelTask } from './modelTask';
import { jsonToolRequest, proseToolRequest } from './toolPrompt';
import { wordCount } from './wordCount';

/**
 * What the model is asked for a tool with no request of its own: prose for the streamed endpoints, otherwise the
 * instruction, the output schema and the input as JSON, the answer finished by the tool's implementation if it has one.
 */
export function defaultModelTask(entry: ToolEntry, input: Record<string, unknown>, implementation: ToolImplementation): ModelTask {
  if (entry.streaming === 'always') {
    return {
      kind: 'text',
      request: proseToolRequest(entry, input),
      toOutput: (text) => ({ text, format: 'markdown', word_count: wordCount(text) }),
    };
  }
  const { finishAnswer } = implementation;
  return { kind: 'json', request: jsonToolRequest(entry, input), ...(finishAnswer ? { finish: (answer) => finishAnswer(answer, input) } : {}) };
}
