import { randomUUID } from 'node:crypto';
import { readStream } from '../../core/eventStore';
import { allProjections, LIVE_SCHEMA } from '../../core/projections';
import { replayProjections } from '../../core/projections/replay';
import { generateKey, type TestKey, balanceRow } from '../support/accounts';
import { CallbackReceiver, verifySignature } from '../support/callbackReceiver';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { outputProblems } from '../support/registryOutput';
import { startScriptedModelServer } from '../support/scriptedModelServer';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

let service: TestService;
let receiver: CallbackReceiver;
beforeAll(async () => {
  // No model provider (whatever the shell holds): tools run on the offline provider.
  [service, receiver] = await Promise.all([
    startTestService({ env: { ...modelEnv(), WEBHOOK_RETRY_FIRST_MS: '200', WEBHOOK_RETRY_MAX_INTERVAL_MS: '1000' } }),
    CallbackReceiver.start(),
  ]);
});
afterAll(async () => {
  await service.stop();
  await receiver.down();
});

const post = (path: string, body: unknown, key: TestKey, requestId = randomUUID()) =>
  fetch(`${service.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId, ...key.auth },
    body: JSON.stringify(body),
  });
const statusOf = (jobId: string, key: TestKey) => fetch(`${service.baseUrl}/async/status/${jobId}`, { headers: key.auth });
const finished = (jobId: string, key: TestKey) =>
  waitFor(async () => {
    const body = await json(statusOf(jobId, key));
    return body.status === 'completed' || body.status === 'failed' ? body : undefined;
  }, `job ${jobId} to finish`);
const balanceMicros = async (accountId: string) => (await balanceRow(service.database.db, accountId)).available_micros;
const callbackFor = (jobId: string) =>
  waitFor(async () => receiver.calls.find((c) => c.headers['x-webhook-delivery'] === `job-${jobId}`), `the callback of ${jobId}`);

describe('POST /async/submit', () => {
  it('answers at once with a pending job, runs the tool as a billed child call, and posts the signed callback', async () => {
    const key = await generateKey(service.baseUrl);
    const submitted = await post('/async/submit', { tool: '/sentiment', params: { text: 'I love durable jobs.' }, callback_url: receiver.url('/jobs') }, key);
    expect(submitted.status).toBe(200);
    const job = await json(submitted);
    expect(job).toMatchObject({
      job_id: expect.stringMatching(/^job_/),
      status: 'pending',
      created_at: expect.any(String),
      webhook_url: receiver.url('/jobs'),
      callback_secret: expect.stringMatching(/^whsec_/),
    });

    expect(outputProblems('async/submit', job)).toEqual([]);
    const done = await finished(job.job_id, key);
    expect(outputProblems('async/status', done)).toEqual([]);
    expect(done).toMatchObject({
      job_id: job.job_id,
      status: 'completed',
      tool: 'sentiment',
      created_at: job.created_at,
      model: 'local/lexicon-clauses',
      cost_usd: 0.005,
    });
    expect(done.result).toMatchObject({ polarity: 'positive' });
    const history = await readStream(service.database.db, `job-${job.job_id}`);
    expect(history.map((e) => e.type)).toEqual(['JobSubmitted', 'JobStarted', 'JobCompleted']);

    // Billed exactly as a direct /sentiment call, on the child call `call-job-<jobId>`.
    expect(await balanceMicros(key.keyId)).toBe(245_000);
    expect((await readStream(service.database.db, `call-job-${job.job_id}`)).map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallCompleted']);

    const callback = await callbackFor(job.job_id);
    expect(verifySignature(job.callback_secret, callback.headers['x-webhook-signature'], callback.body)).toBe(true);
    expect(callback.headers['x-webhook-event']).toBe('job.completed');
    expect(JSON.parse(callback.body)).toEqual({
      job_id: job.job_id,
      status: 'completed',
      created_at: job.created_at,
      completed_at: done.completed_at,
      result: done.result,
    });
  });

  it('reports a failing tool as a failed job with its error, charges nothing, and says so in the callback', async () => {
    const key = await generateKey(service.baseUrl);
    // The offline regex tool fails in its activity when it has no examples to generalise from.
    const job = await json(
      post('/async/submit', { tool: 'regex', params: { text: 'invoice numbers', model: 'local' }, callback_url: receiver.url('/jobs') }, key),
    );
    const done = await finished(job.job_id, key);
    expect(done).toMatchObject({ status: 'failed', error: expect.stringContaining('needs examples') });
    expect(done).not.toHaveProperty('result');
    expect(outputProblems('async/status', done)).toEqual([]);
    expect(await balanceMicros(key.keyId)).toBe(250_000);
    const callback = JSON.parse((await callbackFor(job.job_id)).body);
    expect(callback).toMatchObject({ job_id: job.job_id, status: 'failed', error: done.error, completed_at: done.completed_at });
  });

  it('runs a job without a callback too', async () => {
    const key = await generateKey(service.baseUrl);
    const job = await json(post('/async/submit', { tool: 'keywords', params: { text: 'Temporal workflows retry payments durably.' } }, key));
    expect(job).toMatchObject({ status: 'pending', webhook_url: null, callback_secret: null });
    expect((await finished(job.job_id, key)).result).toHaveProperty('keywords');
  });

  it('returns the same job when the same key repeats the X-Request-Id, and bills it once', async () => {
    const key = await generateKey(service.baseUrl);
    const requestId = randomUUID();
    const body = { tool: 'summarize', params: { text: 'One point. Another point. A third point.', format: 'short' } };
    const first = await json(post('/async/submit', body, key, requestId));
    const second = await json(post('/async/submit', body, key, requestId));
    expect(second.job_id).toBe(first.job_id);
    await finished(first.job_id, key);
    expect(await balanceMicros(key.keyId)).toBe(240_000);
    const other = await generateKey(service.baseUrl);
    expect((await json(post('/async/submit', body, other, requestId))).job_id).not.toBe(first.job_id);
  });

  it('refuses unknown tools, bad params and unsafe callback URLs before anything runs', async () => {
    const key = await generateKey(service.baseUrl);
    const refusals = [
      [{ tool: 'sentimnt', params: { text: 'x' } }, /unknown tool "sentimnt" \(did you mean "sentiment"\?\)/],
      [{ tool: 'auth/status' }, /answers at once/],
      [{ tool: 'sentiment', params: {} }, /params: missing required field "text"/],
      [{ tool: 'sentiment', params: { text: 'x', model: 'no-such-model' } }, /unknown model/],
      [{ tool: 'sentiment', params: { text: 'x' }, callback_url: 'http://169.254.169.254/latest/meta-data/' }, /callback URL refused/],
      [{ tool: 'sentiment', params: { text: 'x' }, callback_url: 'https://10.1.2.3/hook' }, /callback URL refused/],
    ] as const;
    for (const [body, message] of refusals) {
      const response = await post('/async/submit', body, key);
      expect(response.status).toBe(400);
      expect((await json(response)).error).toMatch(message);
    }
    expect(await balanceMicros(key.keyId)).toBe(250_000);
    expect((await fetch(`${service.baseUrl}/async/submit`, { method: 'POST' })).status).toBe(401);
  });
});

describe('GET /async/status', () => {
  it('shows a job only to the key that submitted it: to anyone else it does not exist', async () => {
    const [owner, stranger] = await Promise.all([generateKey(service.baseUrl), generateKey(service.baseUrl)]);
    const job = await json(post('/async/submit', { tool: 'sentiment', params: { text: 'Private result.' } }, owner));
    await finished(job.job_id, owner);
    const hidden = await statusOf(job.job_id, stranger);
    const missing = await statusOf('job_doesnotexist00000000', stranger);
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(Object.keys(await json(hidden))).toEqual(Object.keys(await json(missing)));
    expect((await fetch(`${service.baseUrl}/async/status/${job.job_id}`)).status).toBe(401);
  });
});

describe('POST /async/text-generate', () => {
  it('answers 503 at once, naming what to configure, when no model provider can write', async () => {
    const key = await generateKey(service.baseUrl);
    const response = await post('/async/text-generate', { prompt: 'A haiku about retries', webhook_url: receiver.url('/text') }, key);
    expect(response.status).toBe(503);
    expect(JSON.stringify(await json(response))).toMatch(/OPENAI_API_KEY/);
    expect(await balanceMicros(key.keyId)).toBe(250_000);
  });

  it('answers queued at once, and the job ends with {text, tokens_used, model} from the provider, as its callback says', async () => {
    const model = await startScriptedModelServer();
    const writer = await startTestService({ env: modelEnv(model.baseUrl) });
    try {
      const key = await generateKey(writer.baseUrl);
      model.answer({ text: JSON.stringify({ title: 'Retries', content: 'Try once, wait, try again.' }), usage: { prompt: 60, completion: 14 } });
      const submitted = await fetch(`${writer.baseUrl}/async/text-generate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...key.auth },
        body: JSON.stringify({ prompt: 'A haiku about retries', webhook_url: receiver.url('/text'), max_tokens: 100 }),
      });
      const job = await json(submitted);
      expect(job).toMatchObject({
        job_id: expect.stringMatching(/^job_/),
        status: 'queued',
        created_at: expect.any(String),
        webhook_url: receiver.url('/text'),
      });
      expect(outputProblems('async/text-generate', job)).toEqual([]);

      const done = await waitFor(async () => {
        const body = await json(fetch(`${writer.baseUrl}/async/status/${job.job_id}`, { headers: key.auth }));
        return body.status === 'completed' || body.status === 'failed' ? body : undefined;
      }, 'the text-generate job');
      expect(done).toMatchObject({
        status: 'completed',
        result: { text: 'Try once, wait, try again.', tokens_used: 74, model: expect.stringContaining('gpt-4o-mini') },
      });
      // max_tokens 100 asked /write for about 75 words.
      expect(JSON.stringify(model.received[0]!.body.messages)).toContain('75');
      const callback = JSON.parse((await callbackFor(job.job_id)).body);
      expect(callback).toEqual({ job_id: job.job_id, status: 'completed', created_at: job.created_at, completed_at: done.completed_at, result: done.result });
    } finally {
      await writer.stop();
      await model.close();
    }
  });
});

describe('replay', () => {
  it('rebuilds the jobs and deliveries exactly from the log', async () => {
    await waitFor(async () => {
      await service.subscriber.catchUp();
      const rows = await service.database.db.withSchema(LIVE_SCHEMA).selectFrom('deliveries').select('status').execute();
      return rows.length > 0 && rows.every((r) => r.status === 'delivered');
    }, 'every callback to be delivered');
    const report = await replayProjections(service.database.db, { liveSchema: LIVE_SCHEMA, projections: allProjections });
    expect(report.drift).toEqual([]);
    expect(report.rows.jobs).toBe(6);
  });
});
