import { createOpenAICompatibleProvider } from '../../../activities/providers/openaiCompatible';
import { adapterContract } from './adapterContract';

describe("xAI adapter (openai SDK at xAI's address) against recorded xAI answers", () => {
  adapterContract({
    provider: 'xai',
    model: 'grok-3-mini',
    create: (origin, { timeoutMs }) => createOpenAICompatibleProvider('xai', { apiKey: 'xai-test', baseUrl: `${origin}/v1`, timeoutMs }),
    // xAI reports reasoning tokens beside completion_tokens: billed output = total − prompt = 279 − 32.
    completion: { text: 'Negative.', model: 'grok-3-mini', usage: { input: 32, output: 247 } },
    stream: { text: 'The review is negative: late delivery and a crushed box.', model: 'grok-3-mini', usage: { input: 32, output: 257 } },
    framesBeforeFirstText: 9,
    checkRequest(request, kind) {
      expect(request.headers.authorization).toBe('Bearer xai-test');
      expect(request.body).toMatchObject({ model: 'grok-3-mini', max_tokens: 64 });
      if (kind === 'stream') expect(request.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    },
  });
});
