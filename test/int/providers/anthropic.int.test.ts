import { createAnthropicProvider } from '../../../activities/providers/anthropic';
import { adapterContract, details, failureOf, REQUEST } from './adapterContract';
import { loadRecording, startReplayServer } from './replayServer';

describe('Anthropic adapter (official @anthropic-ai/sdk) against recorded Messages API answers', () => {
  const create = (origin: string, { timeoutMs }: { timeoutMs: number }) => createAnthropicProvider({ apiKey: 'sk-ant-test', baseUrl: origin, timeoutMs });

  adapterContract({
    provider: 'anthropic',
    model: 'claude-haiku-4-5',
    create,
    completion: { text: 'Negative.', model: 'claude-haiku-4-5-20251001', usage: { input: 25, output: 5 } },
    // Output tokens come from message_delta's cumulative usage, input from message_start.
    stream: { text: 'The review is negative: late delivery and a crushed box.', model: 'claude-haiku-4-5-20251001', usage: { input: 25, output: 15 } },
    rateLimitRetryAfterMs: 12_000,
    framesBeforeFirstText: 5,
    checkRequest(request, kind) {
      // This SDK release sends the key as a bearer token (older ones used x-api-key), with a dated API version.
      expect(request.headers.authorization ?? `Bearer ${String(request.headers['x-api-key'])}`).toBe('Bearer sk-ant-test');
      expect(request.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // The system prompt is a top-level field in this API, not a message.
      expect(request.body).toMatchObject({
        model: 'claude-haiku-4-5',
        max_tokens: 64,
        system: 'Answer in one word.',
        messages: [{ role: 'user', content: 'Sentiment of: The delivery was late and the box was crushed.' }],
      });
      if (kind === 'stream') expect(request.body).toMatchObject({ stream: true });
    },
  });

  it('turns an overloaded_error event in the middle of a stream into a retryable UpstreamFailure', async () => {
    const server = await startReplayServer();
    try {
      server.replay(loadRecording('anthropic', 'stream-overloaded'));
      const deltas: string[] = [];
      const failure = await failureOf(create(server.origin, { timeoutMs: 5_000 }).stream({ ...REQUEST, model: 'claude-haiku-4-5' }, (d) => deltas.push(d)));
      expect(deltas).toEqual(['The', ' review']);
      expect(failure).toMatchObject({ type: 'UpstreamFailure', nonRetryable: false });
      expect(failure.message).toContain('Overloaded');
      expect(details(failure).provider).toBe('anthropic');
    } finally {
      await server.close();
    }
  });
});
