import { createOpenAICompatibleProvider } from '../../../activities/providers/openaiCompatible';
import { adapterContract } from './adapterContract';
import { loadRecording, startReplayServer } from './replayServer';

const STREAMED = 'The review is negative: late delivery and a crushed box.';

describe("DeepSeek adapter (openai SDK at DeepSeek's address) against recorded DeepSeek answers", () => {
  adapterContract({
    provider: 'deepseek',
    model: 'deepseek-reasoner',
    // DeepSeek serves chat completions at its root: https://api.deepseek.com/chat/completions.
    create: (origin, { timeoutMs }) => createOpenAICompatibleProvider('deepseek', { apiKey: 'sk-test', baseUrl: origin, timeoutMs }),
    // The chain of thought (reasoning_content) is not the answer, but its tokens are billed inside completion_tokens.
    completion: { text: 'Negative.', model: 'deepseek-reasoner', usage: { input: 24, output: 38 } },
    stream: { text: STREAMED, model: 'deepseek-reasoner', usage: { input: 24, output: 22 } },
    framesBeforeFirstText: 13,
    checkRequest(request, kind) {
      expect(request.headers.authorization).toBe('Bearer sk-test');
      expect(request.headers['openai-organization']).toBeUndefined();
      expect(request.body).toMatchObject({ model: 'deepseek-reasoner', messages: [{ role: 'system' }, { role: 'user' }] });
      if (kind === 'stream') expect(request.body).toMatchObject({ stream: true });
    },
  });

  it('passes only the answer to the caller, never the streamed reasoning, and skips keep-alive comments', async () => {
    const server = await startReplayServer();
    try {
      server.replay(loadRecording('deepseek', 'stream'));
      const deltas: string[] = [];
      const provider = createOpenAICompatibleProvider('deepseek', { apiKey: 'sk-test', baseUrl: server.origin, timeoutMs: 5_000 });
      await provider.stream({ model: 'deepseek-reasoner', messages: [{ role: 'user', content: 'Sentiment?' }], maxTokens: 64 }, (d) => deltas.push(d));
      expect(deltas.join('')).toBe(STREAMED);
    } finally {
      await server.close();
    }
  });
});
