import { randomUUID } from 'node:crypto';
import { readStream } from '../../core/eventStore';
import { generateKey } from '../support/accounts';
import { keyCallId } from '../support/callIds';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { finalDeltas, readSse } from '../support/sse';
import { startTestService, type TestService } from '../support/testService';

let service: TestService;

// No model provider at all: only the offline `local` provider can answer.
beforeAll(async () => {
  service = await startTestService({ env: { ...modelEnv(), FREE_TIER_DAILY: '50' } });
});
afterAll(() => service.stop());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

const REVIEW = 'Sales rose 12% in March while support tickets doubled. Customers praise the new app but complain about slow refunds.';

describe('streaming with no model provider', () => {
  it('streams /stream/analyze from the offline provider as deltas, section by section, and charges it once', async () => {
    const { keyId, auth } = await generateKey(service.baseUrl);
    const requestId = randomUUID();
    const response = await post('/stream/analyze', { text: REVIEW }, { ...auth, 'X-Request-Id': requestId });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = await readSse(response);
    const deltas = finalDeltas(events);
    expect(deltas.length).toBeGreaterThanOrEqual(5);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(deltas.join('')).toBe(done.data.result.text);
    expect(done.data.result).toMatchObject({ format: 'markdown', text: expect.stringContaining('## Sentiment') });
    expect(done.data._meta).toMatchObject({ model: 'local/textrank-vader-rake', cost_usd: 0.01 });
    const account = await readStream(service.database.db, `account-${keyId}`);
    expect(account.filter((e) => e.type === 'ChargeSettled' && (e.data as { callId: string }).callId === keyCallId(keyId, requestId))).toHaveLength(1);
  });

  it('streams the offline report to a free-tier caller who names model "local"', async () => {
    const events = await readSse(await post('/stream/analyze', { text: REVIEW, model: 'local' }));
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(1);
    expect(events.at(-1)!.data._meta).toMatchObject({ network: 'free-tier', model: 'local/textrank-vader-rake' });
  });

  it('still answers 503 naming the variables to set where only a generative model can serve the stream', async () => {
    const write = await post('/stream/write', { prompt: 'A haiku on ledgers' });
    expect(write.status).toBe(503);
    expect(write.headers.get('content-type')).toContain('application/json');
    expect((await json(write)).hint).toContain('OPENAI_API_KEY');

    const { auth } = await generateKey(service.baseUrl);
    const completions = await post('/v1/chat/completions', { model: 'auto', stream: true, messages: [{ role: 'user', content: 'Hi' }] }, auth);
    expect(completions.status).toBe(503);
    expect((await json(completions)).error).toMatchObject({
      type: 'service_unavailable',
      code: 'not_configured',
      hint: expect.stringContaining('OPENAI_API_KEY'),
    });
  });
});
