import { randomUUID } from 'node:crypto';
import { readStream } from '../../core/eventStore';
import { anonymousCallId } from '../support/callIds';
import { json } from '../support/json';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ env: { FREE_TIER_DAILY: '50' } });
});
afterAll(() => service.stop());

const call = (path: string, body: unknown, requestId = randomUUID()) =>
  fetch(`${service.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId },
    body: JSON.stringify(body),
  });

describe('a tool call, end to end', () => {
  it('runs /sentiment as a workflow and answers with the result and _meta', async () => {
    const requestId = randomUUID();
    const response = await call('/sentiment', { text: 'This product is terrible. It broke after one day and support never answered.' }, requestId);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.polarity).toBe('negative');
    expect(body.score).toBeLessThan(-0.3);
    expect(body._meta).toMatchObject({ endpoint: '/sentiment', model: 'local/lexicon-clauses', network: 'free-tier', request_id: requestId, cost_usd: 0 });
    expect(new Date(body._meta.timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const callId = anonymousCallId(requestId);
    expect(body._meta.call_id).toBe(callId);

    const handle = service.client.workflow.getHandle(`call-${callId}`);
    // The answer can come from the worker (its end, told in-process) a moment before the server records the close.
    await handle.result();
    const description = await handle.describe();
    expect(description.status.name).toBe('COMPLETED');
    expect(description.taskQueue).toBe(service.config.taskQueue);
    expect(description.memo).toMatchObject({ requestId, tool: 'sentiment' });

    const history = await readStream(service.database.db, `call-${callId}`);
    expect(history.map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallCompleted']);
  });

  it('starts a quick call without search attributes (they cost Temporal the most per call), found by its id', async () => {
    const requestId = randomUUID();
    expect((await call('/keywords', { text: 'Durable workflows keep payment retries safe.' }, requestId)).status).toBe(200);
    const handle = service.client.workflow.getHandle(`call-${anonymousCallId(requestId)}`);
    await handle.result();
    const description = await handle.describe();
    expect(description.status.name).toBe('COMPLETED');
    const ours = ['Tool', 'Payer', 'PaymentMethod', 'CallStatus'];
    expect(description.typedSearchAttributes.getAll().filter((pair) => ours.includes(pair.key.name))).toEqual([]);
  });

  it('gives a quick call that fails its tool, payer, method and status, so an operator finds it by them', async () => {
    const requestId = randomUUID();
    const failed = await fetch(`${service.baseUrl}/data/color?color=${encodeURIComponent('not a colour at all')}`, { headers: { 'X-Request-Id': requestId } });
    expect(failed.status).toBe(400);
    const callId = anonymousCallId(requestId);
    const query = `Tool = "data/color" AND CallStatus = "failed" AND PaymentMethod = "free" AND Payer STARTS_WITH "free:" AND WorkflowId = "call-${callId}"`;
    const found = await waitFor(
      async () => {
        const ids: string[] = [];
        for await (const w of service.client.workflow.list({ query })) ids.push(w.workflowId);
        return ids.length ? ids : undefined;
      },
      'visibility to index the call',
      30_000,
    );
    expect(found).toEqual([`call-${callId}`]);
  });

  it('attaches a repeated X-Request-Id to the first run instead of running again', async () => {
    const requestId = randomUUID();
    const first = await json(call('/summarize', { text: 'First point here. Second point there. Third point everywhere.', format: 'short' }, requestId));
    const second = await json(call('/summarize', { text: 'First point here. Second point there. Third point everywhere.', format: 'short' }, requestId));
    expect(second.summary).toBe(first.summary);
    const history = await readStream(service.database.db, `call-${anonymousCallId(requestId)}`);
    expect(history.filter((e) => e.type === 'ToolCallStarted')).toHaveLength(1);
  });

  it('refuses a repeated X-Request-Id for a different tool with a conflict', async () => {
    const requestId = randomUUID();
    expect((await call('/keywords', { text: 'alpha beta gamma' }, requestId)).status).toBe(200);
    const reused = await call('/sentiment', { text: 'alpha beta gamma' }, requestId);
    expect(reused.status).toBe(409);
    expect((await json(reused)).error).toContain('X-Request-Id');
  });

  it("summarizes in each format and keeps the author's order", async () => {
    const text =
      'Solar panels convert sunlight into electricity. The weather was pleasant on Tuesday. Solar electricity is cheaper than ever, and solar panels last decades. Many homes now install solar panels.';
    const bullets = await json(call('/summarize', { text, format: 'bullets', max_sentences: 2 }));
    expect(bullets.bullets).toHaveLength(2);
    expect(bullets.bullets.join(' ')).not.toContain('weather');
    expect(text.indexOf(bullets.bullets[0])).toBeLessThan(text.indexOf(bullets.bullets[1]));
    const paragraph = await json(call('/summarize', { text, format: 'paragraph', max_sentences: 2 }));
    expect(paragraph.summary).toBe(bullets.bullets.join(' '));
    const short = await json(call('/summarize', { text, format: 'short' }));
    expect(short.sentences_out).toBe(1);
  });
});
