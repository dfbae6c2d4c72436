import { createOpenAICompatibleProvider } from '../../../activities/providers/openaiCompatible';
import { adapterContract } from './adapterContract';

describe('OpenAI adapter (official openai SDK) against recorded OpenAI chat completions', () => {
  adapterContract({
    provider: 'openai',
    model: 'gpt-4o-mini',
    create: (origin, { timeoutMs }) => createOpenAICompatibleProvider('openai', { apiKey: 'sk-test', baseUrl: `${origin}/v1`, timeoutMs }),
    completion: { text: 'Negative.', model: 'gpt-4o-mini-2024-07-18', usage: { input: 31, output: 3 } },
    stream: { text: 'The review is negative: late delivery and a crushed box.', model: 'gpt-4o-mini-2024-07-18', usage: { input: 31, output: 13 } },
    rateLimitRetryAfterMs: 2_000,
    framesBeforeFirstText: 3,
    checkRequest(request, kind) {
      expect(request.headers.authorization).toBe('Bearer sk-test');
      expect(request.body).toMatchObject({
        model: 'gpt-4o-mini',
        max_tokens: 64,
        messages: [
          { role: 'system', content: 'Answer in one word.' },
          { role: 'user', content: 'Sentiment of: The delivery was late and the box was crushed.' },
        ],
      });
      if (kind === 'stream') expect(request.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    },
  });
});
