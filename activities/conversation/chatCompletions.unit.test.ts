import { micros } from '../../schema/money';
import type { RoutedCompletion } from '../providers';
import { chatCompletionsTask } from './chatCompletions';

const now = new Date('2026-05-01T12:00:00Z');
const completion = (text: string, finishReason: RoutedCompletion['finishReason'] = 'stop'): RoutedCompletion => ({
  text,
  model: 'gpt-4o-mini',
  provider: 'openai',
  upstreamModel: 'gpt-4o-mini-2024-07-18',
  usage: { input: 30, output: 9 },
  costMicros: micros(10),
  finishReason,
});
const textTask = (input: Record<string, unknown>) => {
  const task = chatCompletionsTask(input, { callId: 'call-1a2b', now });
  if (task.kind !== 'text') throw new Error('chat completions answer in text');
  return task;
};

describe('chat completions task', () => {
  it('makes system and developer turns the system prompt and reads text parts as text', () => {
    const task = textTask({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'developer', content: [{ type: 'text', text: 'Answer in French.' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Capital of' },
            { type: 'text', text: 'Italy?' },
          ],
        },
      ],
      max_tokens: 50,
      temperature: 0.3,
    });
    expect(task.request).toEqual({
      system: 'Be brief.\n\nAnswer in French.',
      messages: [{ role: 'user', content: 'Capital of\nItaly?' }],
      maxTokens: 50,
      temperature: 0.3,
    });
  });

  it('answers with a chat.completion object carrying the usage in OpenAI’s names', () => {
    const output = textTask({ messages: [{ role: 'user', content: 'Hi' }] }).toOutput('Hello!', completion('Hello!'));
    expect(output).toEqual({
      id: 'chatcmpl-call1a2b',
      object: 'chat.completion',
      created: now.getTime() / 1000,
      model: 'gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello!', refusal: null }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: 30, completion_tokens: 9, total_tokens: 39 },
    });
  });

  it('ends the answer before the first stop sequence, given as a string or a list', () => {
    const text = 'One. Two.\nEND Three.';
    const single = textTask({ messages: [{ role: 'user', content: 'Count' }], stop: '\nEND' }).toOutput(text, completion(text, 'length'));
    expect(single.choices).toEqual([expect.objectContaining({ message: expect.objectContaining({ content: 'One. Two.' }), finish_reason: 'stop' })]);
    const list = textTask({ messages: [{ role: 'user', content: 'Count' }], stop: ['Three', 'Two'] }).toOutput(text, completion(text));
    expect((list.choices as { message: { content: string } }[])[0]!.message.content).toBe('One. ');
  });

  it('says "length" when the model ran out of tokens, and "tool_calls" for a tool use', () => {
    const task = textTask({ messages: [{ role: 'user', content: 'Go on' }] });
    expect((task.toOutput('…', completion('…', 'length')).choices as { finish_reason: string }[])[0]!.finish_reason).toBe('length');
    expect((task.toOutput('…', completion('…', 'tool_use')).choices as { finish_reason: string }[])[0]!.finish_reason).toBe('tool_calls');
  });

  it('refuses a conversation whose last turn is not the user’s', () => {
    expect(() =>
      textTask({
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello' },
        ],
      }),
    ).toThrow('the last message must be from the user');
  });
});
