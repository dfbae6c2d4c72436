import { createGoogleProvider } from '../../../activities/providers/google';
import { adapterContract } from './adapterContract';

describe('Gemini adapter (official @google/genai SDK) against recorded Gemini API answers', () => {
  adapterContract({
    provider: 'google',
    model: 'gemini-2.5-flash',
    create: (origin, { timeoutMs }) => createGoogleProvider({ apiKey: 'AIza-test', baseUrl: origin, timeoutMs }),
    // Thinking tokens (thoughtsTokenCount) are billed as output: 2 + 44.
    completion: { text: 'Negative.', model: 'gemini-2.5-flash', usage: { input: 24, output: 46 } },
    // Each streamed frame repeats the usage so far; the last one counts: 15 + 61.
    stream: { text: 'The review is negative: late delivery and a crushed box.', model: 'gemini-2.5-flash', usage: { input: 24, output: 76 } },
    // From the google.rpc.RetryInfo detail of the 429 body.
    rateLimitRetryAfterMs: 17_000,
    framesBeforeFirstText: 1,
    checkRequest(request) {
      expect(request.headers['x-goog-api-key']).toBe('AIza-test');
      expect(request.body).toMatchObject({
        contents: [{ role: 'user', parts: [{ text: 'Sentiment of: The delivery was late and the box was crushed.' }] }],
        systemInstruction: { parts: [{ text: 'Answer in one word.' }] },
        generationConfig: { maxOutputTokens: 64, temperature: 0 },
      });
    },
  });
});
