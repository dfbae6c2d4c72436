import { createMistralProvider } from '../../../activities/providers/mistral';
import { adapterContract } from './adapterContract';

describe('Mistral adapter (official @mistralai/mistralai SDK) against recorded Mistral answers', () => {
  adapterContract({
    provider: 'mistral',
    model: 'mistral-small-latest',
    create: (origin, { timeoutMs }) => createMistralProvider({ apiKey: 'ms-test', baseUrl: origin, timeoutMs }),
    completion: { text: 'Negative.', model: 'mistral-small-latest', usage: { input: 21, output: 3 } },
    stream: { text: 'The review is negative: late delivery and a crushed box.', model: 'mistral-small-latest', usage: { input: 21, output: 13 } },
    rateLimitRetryAfterMs: 1_000,
    framesBeforeFirstText: 3,
    checkRequest(request, kind) {
      expect(request.headers.authorization).toBe('Bearer ms-test');
      // The SDK speaks camelCase to us and snake_case on the wire.
      expect(request.body).toMatchObject({
        model: 'mistral-small-latest',
        max_tokens: 64,
        messages: [
          { role: 'system', content: 'Answer in one word.' },
          { role: 'user', content: 'Sentiment of: The delivery was late and the box was crushed.' },
        ],
      });
      expect(request.body).toMatchObject({ stream: kind === 'stream' });
    },
  });
});
