import { createGroqProvider } from '../../../activities/providers/groq';
import { adapterContract } from './adapterContract';

describe('Groq adapter (the OpenAI-compatible adapter under /openai/v1) against recorded Groq answers', () => {
  adapterContract({
    provider: 'groq',
    model: 'llama-3.3-70b-versatile',
    // The adapter adds /openai/v1 to the address itself, as with https://api.groq.com.
    create: (origin, { timeoutMs }) => createGroqProvider({ apiKey: 'gsk_test', baseUrl: origin, timeoutMs }),
    completion: { text: 'Negative.', model: 'llama-3.3-70b-versatile', usage: { input: 52, output: 3 } },
    // A stream's usage comes in x_groq.usage of its finishing chunk.
    stream: { text: 'The review is negative: late delivery and a crushed box.', model: 'llama-3.3-70b-versatile', usage: { input: 52, output: 13 } },
    rateLimitRetryAfterMs: 2_000,
    framesBeforeFirstText: 3,
    checkRequest(request, kind) {
      expect(request.headers.authorization).toBe('Bearer gsk_test');
      expect(request.body).toMatchObject({
        model: 'llama-3.3-70b-versatile',
        max_tokens: 64,
        messages: [{ role: 'system', content: 'Answer in one word.' }, { role: 'user' }],
      });
      if (kind === 'stream') expect(request.body).toMatchObject({ stream: true });
    },
  });
});
