import type { ToolEntry } from '../../../schema/registry';
import type { ContentPart, ModelRequest } from '../../providers';

/** Answer length for a tool whose registry entry names none. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 2000;

/** The caller's fields as the model sees them: everything but the switches that route the call. */
export function promptFields(input: Record<string, unknown>): Record<string, unknown> {
  const { model: _model, stream: _stream, ...fields } = input;
  return fields;
}

/** The caller's input travels as JSON data, never spliced into the instructions, so text in it reads as text to work on. */
function inputMessage(input: Record<string, unknown>): string {
  return `Input:\n${JSON.stringify(promptFields(input), null, 2)}`;
}

/** A JSON tool's request: the role, the tool's instruction, the output schema to fit, then the input. */
export function jsonToolRequest(entry: ToolEntry, input: Record<string, unknown>, before: readonly ContentPart[] = []): ModelRequest {
  const system = [
    `You are the ${entry.path} endpoint of a JSON API: ${entry.summary}.`,
    entry.prompt ?? '',
    'Reply with exactly one JSON object and nothing else: no prose, no markdown, no code fence.',
    `The object must be valid against this JSON Schema:\n${JSON.stringify(entry.output)}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const text = inputMessage(input);
  return {
    system,
    messages: [{ role: 'user', content: before.length > 0 ? [...before, { type: 'text', text }] : text }],
    maxTokens: entry.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
    json: true,
  };
}

/** A prose tool's request (the streamed endpoints): markdown text rather than JSON. */
export function proseToolRequest(entry: ToolEntry, input: Record<string, unknown>): ModelRequest {
  return {
    system: [`You are the ${entry.path} endpoint of an API: ${entry.summary}.`, entry.prompt ?? '', 'Answer with the text itself, no preamble.']
      .filter(Boolean)
      .join('\n\n'),
    messages: [{ role: 'user', content: inputMessage(input) }],
    maxTokens: entry.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
  };
}

/** The one repair attempt: the same conversation, the unusable answer, and what was wrong with it. */
export function repairRequest(request: ModelRequest, answer: string, problems: readonly string[]): ModelRequest {
  const list = problems.map((problem) => `- ${problem}`).join('\n');
  return {
    ...request,
    messages: [
      ...request.messages,
      { role: 'assistant', content: answer || '(empty)' },
      { role: 'user', content: `That answer cannot be used:\n${list}\n\nReply again with only the corrected JSON object, valid against the schema.` },
    ],
  };
}
