import { randomUUID } from 'node:crypto';
import { Worker } from '@temporalio/worker';
import { readStream } from '../../core/eventStore';
import { allProjections, LIVE_SCHEMA } from '../../core/projections';
import { replayProjections } from '../../core/projections/replay';
import { findModel, modelCost } from '../../schema/models';
import { generateKey, type TestKey } from '../support/accounts';
import { keyCallId } from '../support/callIds';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { outputProblems } from '../support/registryOutput';
import { type ScriptedAnswer, type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { readSse } from '../support/sse';
import { startTestService, type TestService } from '../support/testService';
import { replayOptions } from '../support/replayOptions';

let model: ScriptedModelServer;
let service: TestService;
beforeAll(async () => {
  model = await startScriptedModelServer();
  service = await startTestService({ env: modelEnv(model.baseUrl) });
});
afterAll(async () => {
  await service.stop();
  await model.close();
});

/** The ids of the calls this file made (each request id in its key's account's namespace), replayed at the end. */
const made: string[] = [];
const post = (path: string, body: unknown, key: TestKey, requestId = randomUUID()) => {
  made.push(keyCallId(key.keyId, requestId));
  return fetch(`${service.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId, ...key.auth },
    body: JSON.stringify(body),
  });
};
const reply = (move: Record<string, unknown>, usage?: ScriptedAnswer['usage']): ScriptedAnswer => ({ text: JSON.stringify(move), ...(usage ? { usage } : {}) });
const requestsSince = (before: number) => model.received.slice(before).map((r) => r.body);
const money = async (key: TestKey) =>
  (await readStream(service.database.db, `account-${key.keyId}`)).map((e) => [e.type, (e.data as { amountMicros?: number }).amountMicros]);
const withoutMeta = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== '_meta'));

const REVIEW = 'The delivery was two weeks late and the box was crushed. Support never answered. I am very disappointed and angry, and will not order again.';

describe('/agent', () => {
  it('lets the model choose a tool as JSON, runs it, shows it the result, and answers for one payment of 0.10', async () => {
    const key = await generateKey(service.baseUrl);
    model.answer(
      reply({ thought: 'Measure the sentiment first.', tool: 'sentiment', input: { text: REVIEW, model: 'local' } }),
      reply({ thought: 'The score is clearly negative.', answer: 'The customer is unhappy: the sentiment is negative.' }),
    );
    const before = model.received.length;
    const requestId = randomUUID();
    const response = await post('/agent', { task: `How does this customer feel? ${REVIEW}`, max_steps: 3 }, key, requestId);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({ answer: 'The customer is unhappy: the sentiment is negative.', stopped_by: 'answer', total_steps: 1, turns: 2 });
    expect(body.steps[0]).toMatchObject({ step: 1, tool: 'sentiment', ok: true, thought: 'Measure the sentiment first.', model: 'local/lexicon-clauses' });
    expect(body.steps[0].result.polarity).toBe('negative');
    expect(body._meta).toMatchObject({ endpoint: '/agent', model: 'gpt-4o-mini', cost_usd: 0.1 });
    expect(outputProblems('agent', withoutMeta(body))).toEqual([]);

    const [first, second] = requestsSince(before);
    expect(first.response_format).toEqual({ type: 'json_object' });
    expect(first.messages[0].content).toContain('- sentiment: ');
    expect(first.messages.at(-1).content).toContain('How does this customer feel?');
    expect(second.messages.at(-2)).toMatchObject({ role: 'assistant', content: expect.stringContaining('"tool":"sentiment"') });
    expect(second.messages.at(-1).content).toMatch(/Result of sentiment \(step 1\):\n\{"polarity":"negative"/);

    expect(await money(key)).toEqual([
      ['AccountOpened', undefined],
      ['CreditGranted', 250_000],
      ['ChargeReserved', 100_000],
      ['ChargeSettled', undefined],
    ]);
    const completed = (await readStream(service.database.db, `call-${keyCallId(key.keyId, requestId)}`)).find((e) => e.type === 'ToolCallCompleted');
    expect(completed?.data).toMatchObject({ model: 'gpt-4o-mini', chargedMicros: 100_000 });
  });

  it('stops at max_steps: the tools run no more, the answer is asked for, and a model that still wants a tool gets the cap', async () => {
    const key = await generateKey(service.baseUrl);
    const tool = (text: string) => reply({ thought: `Look at ${text}.`, tool: 'keywords', input: { text, model: 'local' } });
    model.answer(tool('the delivery'), tool('the box'), tool('the support'));
    const before = model.received.length;
    const response = await post('/agent', { goal: `List the complaints in: ${REVIEW}`, max_steps: 2 }, key);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.stopped_by).toBe('max_steps');
    expect(body.steps.map((s: { tool: string; ok: boolean }) => [s.tool, s.ok])).toEqual([
      ['keywords', true],
      ['keywords', true],
    ]);
    expect(body.answer).toContain('step cap');
    const sent = requestsSince(before);
    expect(sent).toHaveLength(3);
    expect(sent[2].messages.at(-1).content).toContain('You have no tool calls left. Answer the task now');
    expect(sent[1].messages.at(-1).content).toContain('(1 tool call left)');
  });

  it('shows the model its unusable replies and refused tools, and goes on', async () => {
    const key = await generateKey(service.baseUrl);
    model.answer(
      { text: 'Let me think about this.' },
      reply({ thought: 'Try a tool.', tool: 'telepathy', input: {} }),
      reply({ thought: 'Sentiment then.', tool: 'sentiment', input: { body: REVIEW } }),
      reply({ thought: 'Enough.', answer: 'Negative.' }),
    );
    const before = model.received.length;
    const body = await json(post('/agent', { task: 'Sentiment of the review?', context: REVIEW, tools: ['sentiment', 'keywords'] }, key));
    expect(body).toMatchObject({ answer: 'Negative.', stopped_by: 'answer', turns: 4 });
    expect(body.steps).toMatchObject([
      { step: 1, tool: 'telepathy', ok: false, error: 'there is no tool "telepathy" here; the tools are: sentiment, keywords' },
      { step: 2, tool: 'sentiment', ok: false, error: expect.stringContaining('unknown field "body"') },
    ]);
    const sent = requestsSince(before);
    expect(sent[0].messages[0].content).not.toContain('- summarize:');
    expect(sent[1].messages.at(-1).content).toContain('Your reply could not be used: the answer is not valid JSON');
    expect(sent[2].messages.at(-1).content).toContain('telepathy (step 1) was refused');
  });

  it('never spends more on models than its price: a turn that could overrun is not sent, and the answer is asked for within what is left', async () => {
    const key = await generateKey(service.baseUrl);
    // gpt-4o reading a 16 kB task: the first turn fits the 0.10 USD cap (with a fifth kept for the answer), a second does not.
    const task = `Judge the tone of this log. ${'The order was late again and nobody called back. '.repeat(330)}`;
    const usages = [
      { prompt: 16_000, completion: 100 },
      { prompt: 17_000, completion: 50 },
    ];
    model.answer(
      reply({ thought: 'Check the sentiment.', tool: 'sentiment', input: { text: 'late again, nobody called back', model: 'local' } }, usages[0]),
      reply({ thought: 'Answer with what I have.', answer: 'The tone is frustrated.' }, usages[1]),
    );
    const before = model.received.length;
    const response = await post('/agent', { task, model: 'gpt-4o', tools: ['sentiment'], max_steps: 5 }, key);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({ stopped_by: 'budget', answer: 'The tone is frustrated.', total_steps: 1, turns: 2 });
    const sent = requestsSince(before);
    expect(sent).toHaveLength(2);
    expect(sent[1].messages.at(-1).content).toContain('The spend cap of this call allows no more tool calls');
    // The answer's token limit was cut to what the cap had left.
    expect(sent[1].max_tokens).toBeLessThan(2048);
    expect(sent[1].max_tokens).toBeGreaterThan(128);
    const spent = usages.reduce((sum, u) => sum + modelCost(findModel('gpt-4o')!, { input: u.prompt, output: u.completion }), 0);
    expect(spent).toBeLessThanOrEqual(100_000);
    expect(body._meta.cost_usd).toBe(0.1);
  });
});

describe('/agent/stream', () => {
  it('streams thought, tool_call, tool_result and final as server-sent events, then done with the whole result', async () => {
    const key = await generateKey(service.baseUrl);
    model.answer(
      reply({ thought: 'Find the keywords.', tool: 'keywords', input: { text: REVIEW, max_keywords: 3, model: 'local' } }),
      reply({ thought: 'I have them.', answer: 'delivery, box, support' }),
    );
    const requestId = randomUUID();
    const response = await post('/agent/stream', { task: `Key words of: ${REVIEW}` }, key, requestId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = await readSse(response);
    expect(events.map((e) => e.event)).toEqual(['thought', 'tool_call', 'tool_result', 'thought', 'final', 'done']);
    expect(events.slice(0, 5).map((e) => e.data.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(events[0]!.data).toEqual({ type: 'thought', seq: 1, step: 1, text: 'Find the keywords.' });
    expect(events[1]!.data).toMatchObject({ type: 'tool_call', step: 1, tool: 'keywords', input: { max_keywords: 3 } });
    expect(events[2]!.data).toMatchObject({ type: 'tool_result', step: 1, tool: 'keywords', ok: true, model: 'local/rake' });
    expect(events[2]!.data.result.keywords.length).toBeLessThanOrEqual(3);
    expect(events[4]!.data).toMatchObject({ type: 'final', answer: 'delivery, box, support', stopped_by: 'answer', total_steps: 1 });
    const done = events[5]!.data;
    expect(done.result).toMatchObject({ answer: 'delivery, box, support', total_steps: 1 });
    expect(done._meta).toMatchObject({ endpoint: '/agent/stream', cost_usd: 0.1, request_id: requestId });
    expect(outputProblems('agent/stream', done.result)).toEqual([]);
    expect(await money(key)).toEqual([
      ['AccountOpened', undefined],
      ['CreditGranted', 250_000],
      ['ChargeReserved', 100_000],
      ['ChargeSettled', undefined],
    ]);
  });
});

describe('checks before payment', () => {
  const anonymous = (path: string, body: unknown) =>
    fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('answers an anonymous caller’s unknown model or tool with a 400, not a request to pay, on /agent and /agent/stream', async () => {
    for (const path of ['/agent', '/agent/stream']) {
      const unknownModel = await anonymous(path, { task: 'Say hi.', model: 'gpt-9-ultra' });
      expect([path, unknownModel.status]).toEqual([path, 400]);
      expect(await json(unknownModel)).toMatchObject({ error: 'unknown model "gpt-9-ultra"', hint: expect.any(String), docs: expect.any(String) });
      expect(unknownModel.headers.get('payment-required')).toBeNull();
      const unknownTool = await anonymous(path, { task: 'Say hi.', tools: ['no-such-tool'] });
      expect([path, unknownTool.status]).toEqual([path, 400]);
      // What can run is then paid for: the same request with a real model asks for payment.
      const payable = await anonymous(path, { task: 'Say hi.', model: 'gpt-4o-mini' });
      expect([path, payable.status]).toEqual([path, 402]);
    }
    // A premium tool too: an unknown model is the caller's mistake before it is a question of paying (403).
    const premium = await anonymous('/research', { topic: 'tides', model: 'gpt-9-ultra' });
    expect(premium.status).toBe(400);
  });
});

describe('/workflow', () => {
  it('plans tool steps with the model, runs them in order, and writes the result from what they found', async () => {
    const key = await generateKey(service.baseUrl);
    const plan = {
      steps: [
        { tool: 'summarize', input: { text: REVIEW, format: 'short', model: 'local' }, purpose: 'the gist' },
        { tool: 'sentiment', input: { text: '{{prev_result}}', model: 'local' }, purpose: 'how the customer feels' },
      ],
    };
    model.answer(reply(plan), { text: '## Result\n\nThe customer is unhappy with delivery and support.' });
    const before = model.received.length;
    const response = await post('/workflow', { goal: 'How does this customer feel, and why?', context: REVIEW }, key);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({
      goal: 'How does this customer feel, and why?',
      result: '## Result\n\nThe customer is unhappy with delivery and support.',
      plan: [
        { step: 1, tool: 'summarize', purpose: 'the gist' },
        { step: 2, tool: 'sentiment', purpose: 'how the customer feels' },
      ],
      stopped_by: 'completed',
      total_steps: 2,
    });
    expect(body.steps[1]).toMatchObject({ ok: true, model: 'local/lexicon-clauses', result: { polarity: 'negative' } });
    expect(body.steps[1].input.text).toBe(body.steps[0].result.summary);
    expect(body._meta).toMatchObject({ endpoint: '/workflow', model: 'gpt-4o', cost_usd: 0.1 });
    expect(outputProblems('workflow', withoutMeta(body))).toEqual([]);
    const [planning, writing] = requestsSince(before);
    expect(planning.messages[0].content).toContain('{"steps": [{"tool": "<tool name>"');
    expect(writing.messages.at(-1).content).toMatch(/Step 2 \(sentiment: how the customer feels\): \{"polarity":"negative"/);
  });

  it('sends a plan that does not check out back once, with what is wrong', async () => {
    const key = await generateKey(service.baseUrl);
    model.answer(
      reply({ steps: [{ tool: 'sentiment', input: { text: '{{prev_result}}', model: 'local' } }] }),
      reply({ steps: [{ tool: 'sentiment', input: { text: REVIEW, model: 'local' } }] }),
      { text: 'Negative.' },
    );
    const before = model.received.length;
    const body = await json(post('/workflow', { goal: 'Sentiment of the review', context: REVIEW, max_steps: 1 }, key));
    expect(body).toMatchObject({ result: 'Negative.', total_steps: 1, steps: [{ tool: 'sentiment', ok: true }] });
    expect(requestsSince(before)[1].messages.at(-1).content).toContain('That plan cannot run: step 1 (sentiment): {{prev_result}} has no previous step');
  });
});

describe('the record', () => {
  it('replays every projection with no drift, and every agent and workflow call from its history', async () => {
    expect((await replayProjections(service.database.db, { liveSchema: LIVE_SCHEMA, projections: allProjections })).drift).toEqual([]);
    const histories = await Promise.all(
      made.map(async (callId) => ({
        workflowId: `call-${callId}`,
        history: await service.client.workflow.getHandle(`call-${callId}`).fetchHistory(),
      })),
    );
    for await (const replay of Worker.runReplayHistories(replayOptions(), histories)) {
      expect([replay.workflowId, replay.error]).toEqual([replay.workflowId, undefined]);
    }
  });
});
