import { randomUUID } from 'node:crypto';
import { WorkflowNotFoundError } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { readStream } from '../../core/eventStore';
import { allProjections, LIVE_SCHEMA } from '../../core/projections';
import { replayProjections } from '../../core/projections/replay';
import { generateKey, type TestKey, balanceRow } from '../support/accounts';
import { anonymousCallId, keyCallId } from '../support/callIds';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { outputProblems } from '../support/registryOutput';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';
import { replayOptions } from '../support/replayOptions';

let service: TestService;
beforeAll(async () => {
  // No model provider, whatever the shell holds: every step runs on the offline provider.
  service = await startTestService({ env: { ...modelEnv(), FREE_TIER_DAILY: '50' } });
});
afterAll(() => service.stop());

/** The id of the call a request with this id makes: the id in its key's account's namespace, or this machine's without a key. */
const callIdOf = (key: TestKey | undefined, requestId: string) => (key ? keyCallId(key.keyId, requestId) : anonymousCallId(requestId));
const post = (path: string, body: unknown, key?: TestKey, requestId = randomUUID()) => {
  made.push(callIdOf(key, requestId));
  return fetch(`${service.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId, ...key?.auth },
    body: JSON.stringify(body),
  });
};
const balanceMicros = async (accountId: string) => (await balanceRow(service.database.db, accountId)).available_micros;
const money = async (key: TestKey) =>
  (await readStream(service.database.db, `account-${key.keyId}`)).map((e) => [e.type, (e.data as { amountMicros?: number }).amountMicros]);
/** The ids of the orchestrated calls this file made, replayed at the end. */
const made: string[] = [];

const REVIEW =
  'The delivery arrived two weeks late and the box was crushed. Support never answered my emails. The refund took a month. I am very disappointed with this shop and will not order again.';

describe('/chain', () => {
  it('runs {action, params} steps in order, filling {{prev_result}} and {{prev_result.field}}, for one payment of 0.05', async () => {
    const key = await generateKey(service.baseUrl);
    const requestId = randomUUID();
    const response = await post(
      '/chain',
      {
        steps: [
          { action: 'summarize', params: { text: REVIEW, format: 'short' } },
          { action: 'sentiment', params: { text: '{{prev_result}}' } },
          { action: '/classify', params: { text: 'The customer felt {{prev_result.polarity}} about the order.', categories: ['positive', 'negative'] } },
        ],
      },
      key,
      requestId,
    );
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.total_steps).toBe(3);
    expect(body.results.map((r: { step: number; action: string }) => [r.step, r.action])).toEqual([
      [1, 'summarize'],
      [2, 'sentiment'],
      [3, 'classify'],
    ]);
    const [summary, sentiment, category] = body.results.map((r: { result: Record<string, unknown> }) => r.result);
    // Step 2 read step 1's summary: the same text through /sentiment directly gives the same answer.
    const direct = await json(post('/sentiment', { text: summary.summary }));
    expect(sentiment).toEqual(withoutMetaOf(direct));
    expect(sentiment.polarity).toBe('negative');
    expect(category.category).toBe('negative');
    expect(body._meta).toMatchObject({ endpoint: '/chain', cost_usd: 0.05, payment: 'key', model: 'local/textrank-lead' });
    expect(outputProblems('chain', withoutMetaOf(body))).toEqual([]);

    // Paid once, at the chain's price: no step was a call of its own.
    expect(await money(key)).toEqual([
      ['AccountOpened', undefined],
      ['CreditGranted', 250_000],
      ['ChargeReserved', 50_000],
      ['ChargeSettled', undefined],
    ]);
    expect((await readStream(service.database.db, `call-${callIdOf(key, requestId)}`)).map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallCompleted']);
    expect(await balanceMicros(key.keyId)).toBe(200_000);
  });

  it('answers the tutorial form {tool, input} with $prev.result as chain, final_result and total_time_ms', async () => {
    const key = await generateKey(service.baseUrl);
    const response = await post(
      '/chain',
      {
        steps: [
          { tool: 'summarize', input: { text: REVIEW, format: 'short' } },
          { tool: 'keywords', input: { content: 'Summary: $prev.result', max_keywords: 3 } },
        ],
      },
      key,
    );
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.chain).toEqual([
      { step: 1, tool: 'summarize', time_ms: expect.any(Number), model: 'local/textrank-lead' },
      { step: 2, tool: 'keywords', time_ms: expect.any(Number), model: 'local/rake' },
    ]);
    expect(body.final_result.keywords.length).toBeLessThanOrEqual(3);
    expect(body.total_time_ms).toBeGreaterThanOrEqual(0);
    expect(body.results).toBeUndefined();
    expect(outputProblems('chain', withoutMetaOf(body))).toEqual([]);
  });
});

describe('/pipeline and /batch', () => {
  it('runs a /pipeline with {{prev}}, a whole-field placeholder keeping its list, for 0.05', async () => {
    const key = await generateKey(service.baseUrl);
    const text = 'Temporal workflows make payment retries durable, while PostgreSQL keeps the append-only ledger of every charge.';
    const response = await post(
      '/pipeline',
      {
        steps: [
          { action: 'keywords', params: { text, max_keywords: 4 } },
          { action: 'classify', params: { text, categories: '{{prev.tags}}' } },
          { action: 'tag', params: { text: 'Best category: {{prev.category}}. {{prev}}' } },
        ],
      },
      key,
    );
    expect(response.status).toBe(200);
    const body = await json(response);
    const [keywords, classified] = body.results.map((r: { result: Record<string, unknown> }) => r.result);
    expect(Object.keys(classified.scores ?? {}).length || classified.scores.length).toBeGreaterThan(0);
    expect(keywords.tags).toContain(classified.category);
    expect(body.final_result).toEqual(body.results[2].result);
    expect(body.total_steps).toBe(3);
    expect(body._meta.cost_usd).toBe(0.05);
    expect(outputProblems('pipeline', withoutMetaOf(body))).toEqual([]);
  });

  it('runs up to five /batch operations at once for one payment of 0.03', async () => {
    const key = await generateKey(service.baseUrl);
    const requestId = randomUUID();
    const response = await post(
      '/batch',
      {
        requests: [
          { action: 'sentiment', params: { text: 'I love this product!' } },
          { action: 'keywords', params: { text: 'Durable workflows make payments safe to retry.' } },
          { tool: 'summarize', input: { text: REVIEW, format: 'short' } },
        ],
      },
      key,
      requestId,
    );
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.total_operations).toBe(3);
    expect(body.results.map((r: { operation: number; action: string }) => [r.operation, r.action])).toEqual([
      [1, 'sentiment'],
      [2, 'keywords'],
      [3, 'summarize'],
    ]);
    expect(body.results[0].result.polarity).toBe('positive');
    expect(outputProblems('batch', withoutMetaOf(body))).toEqual([]);
    expect(await money(key)).toEqual([
      ['AccountOpened', undefined],
      ['CreditGranted', 250_000],
      ['ChargeReserved', 30_000],
      ['ChargeSettled', undefined],
    ]);

    // The three ran side by side, beside one workflow task: their results were recorded together.
    const history = await service.client.workflow.getHandle(`call-${callIdOf(key, requestId)}`).fetchHistory();
    const kinds = (history.events ?? []).map((e) => (e.markerRecordedEventAttributes ? 'marker' : e.workflowTaskCompletedEventAttributes ? 'task' : 'other'));
    expect(kinds.join(' ')).toMatch(/marker marker marker marker/);
  });
});

describe('as an async job', () => {
  it('runs a chain in the background like any tool, paid once at the chain’s price', async () => {
    const key = await generateKey(service.baseUrl);
    const submitted = await json(
      post(
        '/async/submit',
        {
          tool: 'chain',
          params: {
            steps: [
              { action: 'summarize', params: { text: REVIEW, format: 'short' } },
              { action: 'sentiment', params: { text: '{{prev_result}}' } },
            ],
          },
        },
        key,
      ),
    );
    const done = await waitFor(async () => {
      const status = await json(fetch(`${service.baseUrl}/async/status/${submitted.job_id}`, { headers: key.auth }));
      return status.status === 'completed' || status.status === 'failed' ? status : undefined;
    }, 'the chain job to finish');
    expect(done.status).toBe('completed');
    expect(done.result.results.map((r: { action: string }) => r.action)).toEqual(['summarize', 'sentiment']);
    expect(await balanceMicros(key.keyId)).toBe(200_000);
  });
});

describe('refusals before anything runs', () => {
  const cases: [string, string, unknown, RegExp][] = [
    ['more than five steps', '/chain', { steps: Array.from({ length: 6 }, () => ({ action: 'sentiment', params: { text: 'ok' } })) }, /more than 5 items/],
    [
      'an unknown action',
      '/chain',
      { steps: [{ action: 'summarise', params: { text: 'x' } }] },
      /step 1: unknown tool "summarise" \(did you mean "summarize"\?\)/,
    ],
    ['an inline endpoint', '/chain', { steps: [{ action: 'free/uuid', params: {} }] }, /step 1: \/free\/uuid is not a tool that can be a step/],
    ['an account endpoint', '/pipeline', { steps: [{ action: 'auth/generate-key', params: {} }] }, /step 1: \/auth\/generate-key is not a tool/],
    [
      'an orchestration endpoint (no nesting)',
      '/chain',
      {
        steps: [
          { action: 'sentiment', params: { text: 'ok' } },
          { action: 'chain', params: { steps: [] } },
        ],
      },
      /step 2: \/chain cannot be a step: orchestration endpoints do not nest/,
    ],
    [
      'a placeholder in the first step',
      '/chain',
      { steps: [{ action: 'sentiment', params: { text: '{{prev_result}}' } }] },
      /step 1 \(sentiment\): \{\{prev_result\}\} has no previous step/,
    ],
    [
      'an unknown placeholder',
      '/chain',
      {
        steps: [
          { action: 'summarize', params: { text: REVIEW } },
          { action: 'sentiment', params: { text: '{{prev_results}}' } },
        ],
      },
      /step 2 \(sentiment\): unknown placeholder \{\{prev_results\}\}/,
    ],
    [
      'an unknown $prev form',
      '/chain',
      {
        steps: [
          { tool: 'summarize', input: { text: REVIEW } },
          { tool: 'sentiment', input: { text: '$prev.output' } },
        ],
      },
      /step 2 \(sentiment\): unknown placeholder \$prev\.output/,
    ],
    [
      'a field the previous tool does not answer',
      '/pipeline',
      {
        steps: [
          { action: 'summarize', params: { text: REVIEW } },
          { action: 'sentiment', params: { text: '{{prev.summry}}' } },
        ],
      },
      /step 2 \(sentiment\): summarize's result has no field "summry"/,
    ],
    [
      "params that fail the step tool's schema",
      '/chain',
      {
        steps: [
          { action: 'summarize', params: { text: REVIEW } },
          { action: 'classify', params: { text: '{{prev_result}}' } },
        ],
      },
      /step 2 \(classify\): missing required field "categories"/,
    ],
    [
      'a bad value for the step tool',
      '/chain',
      { steps: [{ action: 'summarize', params: { content: REVIEW, format: 'haiku' } }] },
      /step 1 \(summarize\): format must be one of: bullets, paragraph, short/,
    ],
    [
      'an unknown model in a step',
      '/batch',
      { operations: [{ action: 'sentiment', params: { text: 'ok', model: 'gpt-9' } }] },
      /operation 1 \(sentiment\): unknown model "gpt-9"/,
    ],
    [
      'a placeholder in a batch',
      '/batch',
      { operations: [{ action: 'sentiment', params: { text: '{{prev}}' } }] },
      /operation 1 \(sentiment\): \{\{prev\}\} has no previous result/,
    ],
    [
      'steps that mix both forms',
      '/chain',
      {
        steps: [
          { action: 'sentiment', params: { text: 'a' } },
          { tool: 'keywords', input: { text: 'b' } },
        ],
      },
      /mix \{action, params\} and \{tool, input\}/,
    ],
  ];

  it.each(cases)('answers 400 for %s, naming the step, charging nothing and starting no workflow', async (_case, path, body, message) => {
    const key = await generateKey(service.baseUrl);
    const requestId = randomUUID();
    const response = await post(path, body, key, requestId);
    expect(response.status).toBe(400);
    const answer = await json(response);
    expect(answer.error).toMatch(message);
    expect(answer.hint).toEqual(expect.any(String));
    const callId = callIdOf(key, requestId);
    expect(await readStream(service.database.db, `call-${callId}`)).toEqual([]);
    expect(await balanceMicros(key.keyId)).toBe(250_000);
    await expect(service.client.workflow.getHandle(`call-${callId}`).describe()).rejects.toBeInstanceOf(WorkflowNotFoundError);
  });

  it('answers 503 naming the variables to set for a generative step with no provider configured, charging nothing', async () => {
    const key = await generateKey(service.baseUrl);
    const requestId = randomUUID();
    const response = await post(
      '/chain',
      {
        steps: [
          { action: 'summarize', params: { text: REVIEW } },
          { action: 'translate', params: { text: '{{prev_result}}', target: 'de' } },
        ],
      },
      key,
      requestId,
    );
    expect(response.status).toBe(503);
    const answer = await json(response);
    expect(answer).toMatchObject({ step: 2, code: 'not_configured', status: 'not_configured', settings: expect.arrayContaining(['OPENAI_API_KEY']) });
    expect(response.headers.get('retry-after')).toBeNull();
    expect(answer.error).toMatch(/^step 2 \(translate\): /);
    expect(answer.hint).toContain('OPENAI_API_KEY');
    expect(await balanceMicros(key.keyId)).toBe(250_000);
  });

  it('answers /agent and /workflow with 503 naming the variables to set when no model provider is configured', async () => {
    for (const [path, body] of [
      ['/agent', { task: 'What is 2 + 2?' }],
      ['/workflow', { goal: 'Summarise the reviews' }],
    ] as const) {
      const response = await post(path, body, await generateKey(service.baseUrl));
      expect(response.status).toBe(503);
      expect((await json(response)).hint).toContain('OPENAI_API_KEY');
    }
  });

  it('asks for payment without credentials: orchestration is outside the free tier', async () => {
    const response = await post('/chain', { steps: [{ action: 'sentiment', params: { text: 'fine' } }] });
    expect(response.status).toBe(402);
    expect((await json(response)).cost_usd).toBe(0.05);
  });
});

describe('a failing step', () => {
  it('fails the whole chain, says which step, and refunds the call once', async () => {
    const key = await generateKey(service.baseUrl);
    const requestId = randomUUID();
    // The offline regex method needs quoted examples; a summary has none, which only shows once step 1 has run.
    const response = await post(
      '/chain',
      {
        steps: [
          { action: 'summarize', params: { text: REVIEW, format: 'short' } },
          { action: 'regex', params: { text: '{{prev_result}}' } },
          { action: 'sentiment', params: { text: '{{prev_result}}' } },
        ],
      },
      key,
      requestId,
    );
    expect(response.status).toBe(400);
    expect((await json(response)).error).toMatch(/^step 2 \(regex\) failed: the offline regex tool needs examples/);
    expect((await readStream(service.database.db, `call-${callIdOf(key, requestId)}`)).map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallFailed']);
    expect(await money(key)).toEqual([
      ['AccountOpened', undefined],
      ['CreditGranted', 250_000],
      ['ChargeReserved', 50_000],
      ['ChargeRefunded', 50_000],
    ]);
    expect(await balanceMicros(key.keyId)).toBe(250_000);
  });
});

describe('the record', () => {
  it('replays every projection from the log with no drift, and every chain workflow from its history', async () => {
    const report = await replayProjections(service.database.db, { liveSchema: LIVE_SCHEMA, projections: allProjections });
    expect(report.drift).toEqual([]);

    // Workflow code is deterministic: every call this file started replays from its history without a mismatch.
    const histories = [];
    for (const callId of made) {
      const handle = service.client.workflow.getHandle(`call-${callId}`);
      const history = await handle.fetchHistory().catch(() => undefined);
      if (history) histories.push({ workflowId: handle.workflowId, history });
    }
    expect(histories.length).toBeGreaterThanOrEqual(5);
    for await (const replay of Worker.runReplayHistories(replayOptions(), histories)) {
      expect([replay.workflowId, replay.error]).toEqual([replay.workflowId, undefined]);
    }
  });
});

function withoutMetaOf(body: Record<string, unknown>): Record<string, unknown> {
  const { _meta: _ignored, ...rest } = body;
  return rest;
}
