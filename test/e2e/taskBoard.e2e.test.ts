import { WorkflowNotFoundError } from '@temporalio/client';
import { readStream } from '../../core/eventStore';
import { allProjections, LIVE_SCHEMA } from '../../core/projections';
import { replayProjections } from '../../core/projections/replay';
import { microsToUsd } from '../../schema/money';
import { registry } from '../../schema/registry';
import { balanceRow, generateKey, type TestKey, topUp } from '../support/accounts';
import { agentNetwork } from '../support/agentNetwork';
import { CallbackReceiver, verifySignature } from '../support/callbackReceiver';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

let service: TestService;
let net: ReturnType<typeof agentNetwork>;
let receiver: CallbackReceiver;
let alice: TestKey;
let bob: TestKey;
let carol: TestKey;
let aliceAgent: string;
let bobAgent: string;
let carolAgent: string;
beforeAll(async () => {
  [service, receiver] = await Promise.all([
    startTestService({ env: { ...modelEnv(), WEBHOOK_RETRY_FIRST_MS: '200', WEBHOOK_RETRY_MAX_INTERVAL_MS: '1000' } }),
    CallbackReceiver.start(),
  ]);
  net = agentNetwork(service.baseUrl);
  [alice, bob, carol] = await Promise.all([generateKey(service.baseUrl, 'alice'), generateKey(service.baseUrl, 'bob'), generateKey(service.baseUrl, 'carol')]);
  [aliceAgent, bobAgent, carolAgent] = await Promise.all([net.register(alice, 'poster'), net.register(bob, 'worker'), net.register(carol, 'buyer')]);
});
afterAll(async () => {
  await service.stop();
  await receiver.down();
});

const priceOf = (name: string) => registry.find((e) => e.name === name)!.price;
const micros = async (key: TestKey) => balanceRow(service.database.db, key.keyId);
const submit = (key: TestKey, body: Record<string, unknown>) => net.post('/task/submit', body, key.auth);
const claim = (key: TestKey, agent: string, taskId: string) => net.post('/task/claim', { agent_id: agent, task_id: taskId }, key.auth);
const complete = (key: TestKey, agent: string, taskId: string, result: unknown = { done: true }) =>
  net.post('/task/complete', { agent_id: agent, task_id: taskId, result }, key.auth);

describe('the task board', () => {
  it('holds a reward from the poster at submit and pays it to the completer once: open → claimed → completed', async () => {
    const before = await micros(alice);
    const posted = await net.ok(submit(alice, { agent_id: aliceAgent, title: 'Summarise three retrieval papers', tags: ['research'], reward_usd: 0.05 }));
    expect(posted).toMatchObject({ task_id: expect.stringMatching(/^task_/), status: 'open', reward_usd: 0.05, held_usd: 0.05 });
    const held = await micros(alice);
    expect(held.available_micros).toBe(before.available_micros - priceOf('task/submit') - 50_000);
    expect(held.reserved_micros).toBe(before.reserved_micros + 50_000);
    const browse = await net.ok(net.get('/task/browse?tag=research'));
    expect(browse.tasks.map((t: { task_id: string }) => t.task_id)).toContain(posted.task_id);

    expect((await claim(alice, aliceAgent, posted.task_id)).status).toBe(409);
    const claimed = await net.ok(claim(bob, bobAgent, posted.task_id));
    expect(claimed).toMatchObject({ status: 'claimed', claimed_by: bobAgent, claim_expires_at: expect.any(String) });
    expect((await claim(carol, carolAgent, posted.task_id)).status).toBe(409);
    expect((await complete(carol, carolAgent, posted.task_id)).status).toBe(409);
    // Nobody acts as another owner's agent: 404, as if it did not exist.
    expect((await complete(carol, bobAgent, posted.task_id)).status).toBe(404);

    const bobBefore = await micros(bob);
    // Two completions at once: the task is completed, and the reward paid, exactly once.
    const answers = await Promise.all([
      complete(bob, bobAgent, posted.task_id, { summary: 'one' }),
      complete(bob, bobAgent, posted.task_id, { summary: 'two' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const bobAfter = await micros(bob);
    expect(bobAfter.available_micros).toBe(bobBefore.available_micros - priceOf('task/complete') + 50_000);
    expect(bobAfter.credited_micros).toBe(bobBefore.credited_micros + 50_000);
    const aliceAfter = await micros(alice);
    expect(aliceAfter.reserved_micros).toBe(before.reserved_micros);
    expect(aliceAfter.spent_micros).toBe(held.spent_micros + 50_000);
    const earned = (await readStream(service.database.db, `account-${bob.keyId}`)).filter((e) => e.type === 'RewardEarned');
    expect(earned).toEqual([expect.objectContaining({ data: expect.objectContaining({ taskId: posted.task_id, amountMicros: 50_000 }) })]);

    const done = await net.ok(net.get(`/task/browse?status=completed&poster=${aliceAgent}`));
    expect(done.tasks[0]).toMatchObject({ task_id: posted.task_id, status: 'completed', claimed_by: bobAgent, result: { summary: expect.any(String) } });
    const portfolio = await net.ok(net.get(`/agents/${bobAgent}/portfolio`));
    expect(portfolio.completed_tasks.map((t: { task_id: string }) => t.task_id)).toEqual([posted.task_id]);
    await waitFor(async () => (await net.ok(net.get(`/agent/reputation/${bobAgent}`))).task_completions === 1, 'the completion to count for reputation');
    // The claim's timer, an hour long, is stopped once the task is completed.
    const timer = service.client.workflow.getHandle(`task-${posted.task_id}-claim-1`);
    await waitFor(async () => (await timer.describe()).status.name === 'CANCELLED', 'the claim timer to be stopped');
  });

  it('refuses a reward the balance cannot hold with a 402 and charges nothing', async () => {
    const before = await micros(carol);
    const response = await submit(carol, { agent_id: carolAgent, title: 'Too rich', reward_usd: 50 });
    expect(response.status).toBe(402);
    // Refused before it runs: the balance must cover the price and the reward held with it.
    expect(await json(response)).toMatchObject({
      error: 'insufficient balance for this call: it costs 0.002 USD and holds 50 USD (reward_usd) from the balance',
      cost_usd: 50.002,
      held_usd: 50,
      balance_usd: expect.any(Number),
    });
    expect(await micros(carol)).toMatchObject({ available_micros: before.available_micros, reserved_micros: before.reserved_micros });
  });

  it('under contention posts exactly the tasks the balance can hold, spends it to zero, and counts no refused call', async () => {
    // A key holding exactly five submissions of 0.002 + a 0.048 reward (its agent's registration topped back up).
    const dave = await generateKey(service.baseUrl, 'dave');
    const daveAgent = await net.register(dave, 'contended');
    expect((await topUp(service.baseUrl, service.config.adminToken, dave.key, microsToUsd(priceOf('agents/register')))).status).toBe(200);
    expect(await micros(dave)).toMatchObject({ available_micros: 250_000, reserved_micros: 0 });

    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => submit(dave, { agent_id: daveAgent, title: `Contended ${i}`, reward_usd: 0.048 })));
    // Usage is read from the calls read model: wait until it holds all sixteen calls (refused ones too, as rejected).
    // Its subscriber catches up in its own time: seconds when a whole-suite run loads the machine.
    const projected = () => service.database.db.withSchema(LIVE_SCHEMA).selectFrom('calls').select('call_id').where('payer_id', '=', dave.keyId).execute();
    await waitFor(async () => (await projected()).length === 16, 'the calls read model to catch up', 60_000);
    const usage = await json(fetch(`${service.baseUrl}/api/usage`, { headers: dave.auth }));
    const { available_micros, reserved_micros, spent_micros } = await micros(dave);
    // Seen together, so a failure shows the whole picture: five posted, ten refused, the balance spent to zero, and
    // usage counting the registration and the five tasks (the ten refused submissions are not calls).
    expect({
      statuses: answers.map((a) => a.status).sort(),
      balance: { available_micros, reserved_micros, spent_micros },
      usage: {
        calls_today: usage.calls_today,
        total_calls: usage.total_calls,
        submits: usage.top_tools.find((t: { tool: string }) => t.tool === 'task/submit')?.calls,
      },
    }).toEqual({
      statuses: [...Array(5).fill(200), ...Array(10).fill(402)],
      balance: { available_micros: 0, reserved_micros: 5 * 48_000, spent_micros: priceOf('agents/register') + 5 * priceOf('task/submit') },
      usage: { calls_today: 6, total_calls: 6, submits: 5 },
    });
  });

  it('gives the reward back when the poster cancels an open task, and refuses to cancel a claimed one or another poster’s', async () => {
    const before = await micros(alice);
    const open = await net.ok(submit(alice, { agent_id: aliceAgent, title: 'Cancel me', reward_usd: 0.02 }));
    expect((await net.post('/task/cancel', { agent_id: carolAgent, task_id: open.task_id }, carol.auth)).status).toBe(409);
    const cancelled = await net.ok(net.post('/task/cancel', { agent_id: aliceAgent, task_id: open.task_id }, alice.auth));
    expect(cancelled).toMatchObject({ status: 'cancelled', refunded_usd: 0.02 });
    const after = await micros(alice);
    expect(after.available_micros).toBe(before.available_micros - priceOf('task/submit') - priceOf('task/cancel'));
    expect(after.reserved_micros).toBe(before.reserved_micros);
    expect((await claim(bob, bobAgent, open.task_id)).status).toBe(409);

    const taken = await net.ok(submit(alice, { agent_id: aliceAgent, title: 'Claimed first' }));
    await net.ok(claim(bob, bobAgent, taken.task_id));
    expect((await net.post('/task/cancel', { agent_id: aliceAgent, task_id: taken.task_id }, alice.auth)).status).toBe(409);
  });

  it('delivers new tasks matching a subscription, signed, and only those; the poster’s agent_task webhook hears of the claim', async () => {
    const subscribed = await net.ok(
      net.post('/task/subscribe', { callback_url: receiver.url('/tasks'), filter: { tags: ['translation'], min_reward_usd: 0.01 } }, carol.auth),
    );
    expect(subscribed).toMatchObject({ subscription_id: expect.stringMatching(/^tsub_/), secret: expect.stringMatching(/^whsec_/) });
    await net.ok(net.post('/webhooks/register', { url: receiver.url('/alice-hooks'), events: ['agent_task'] }, alice.auth));

    const unpaid = await net.ok(submit(alice, { agent_id: aliceAgent, title: 'Translate for free', tags: ['translation'] }));
    const paid = await net.ok(submit(alice, { agent_id: aliceAgent, title: 'Translate a page', tags: ['translation'], reward_usd: 0.01 }));
    const [delivered] = await waitFor(async () => {
      const found = receiver.calls.filter((c) => c.path === '/tasks');
      return found.length ? found : undefined;
    }, 'the matching task to be delivered');
    const body = JSON.parse(delivered!.body);
    expect(body).toMatchObject({
      type: 'agent_task',
      subscription_id: subscribed.subscription_id,
      data: { change: 'posted', task: { task_id: paid.task_id } },
    });
    expect(delivered!.headers['x-webhook-event']).toBe('agent_task');
    expect(verifySignature(subscribed.secret, delivered!.headers['x-webhook-signature'], delivered!.body)).toBe(true);
    // Both tasks were handled in order by the trigger; the one below the filter's reward started no delivery.
    const unpaidPosition = (await readStream(service.database.db, `task-${unpaid.task_id}`))[0]!.position;
    await expect(service.client.workflow.getHandle(`delivery-${subscribed.subscription_id}-evt${unpaidPosition}`).describe()).rejects.toBeInstanceOf(
      WorkflowNotFoundError,
    );

    await net.ok(claim(bob, bobAgent, paid.task_id));
    const [hook] = await waitFor(async () => {
      const found = receiver.calls.filter((c) => c.path === '/alice-hooks' && JSON.parse(c.body).data.task_id === paid.task_id);
      return found.length ? found : undefined;
    }, 'the poster’s agent_task webhook');
    expect(JSON.parse(hook!.body)).toMatchObject({ type: 'agent_task', data: { change: 'claimed', agent_id: bobAgent } });
  });
});

describe('the marketplace', () => {
  it('charges the buyer the listing’s price exactly and credits the seller its share less the tool’s price and the fee', async () => {
    const listed = await net.ok(
      net.post(
        '/marketplace/list',
        { agent_id: bobAgent, tool: 'sentiment', title: 'Mood reader', description: 'How a text feels', price_usd: 0.02 },
        bob.auth,
      ),
    );
    // 0.02 − 0.005 (the tool's price) = 0.015, of which 10 % is the fee: the seller gets 0.0135.
    expect(listed).toMatchObject({ listing_id: expect.stringMatching(/^lst_/), price_usd: 0.02, seller_share_usd: 0.0135, fee_usd: 0.0065 });
    const shown = await net.ok(net.get(`/marketplace?agent_id=${bobAgent}`));
    expect(shown.listings).toEqual([expect.objectContaining({ listing_id: listed.listing_id, tool: 'sentiment', price_usd: 0.02 })]);

    // A balance above the bulk-discount threshold: the discount is on our prices, never on a seller's.
    expect((await topUp(service.baseUrl, service.config.adminToken, carol.key, 5)).status).toBe(200);
    const [buyerBefore, sellerBefore] = [await micros(carol), await micros(bob)];
    const bought = await net.ok(net.post('/marketplace/call', { listing_id: listed.listing_id, input: { text: 'I love this, it is wonderful!' } }, carol.auth));
    expect(bought).toMatchObject({ listing_id: listed.listing_id, tool: 'sentiment', result: { polarity: 'positive' }, price_usd: 0.02 });
    expect(bought._meta).toMatchObject({ endpoint: '/marketplace/call', cost_usd: 0.02 });
    expect((await micros(carol)).available_micros).toBe(buyerBefore.available_micros - 20_000);
    expect((await micros(bob)).available_micros).toBe(sellerBefore.available_micros + 13_500);
    const sale = (await readStream(service.database.db, `account-${bob.keyId}`)).filter((e) => e.type === 'SaleProceedsCredited');
    expect(sale).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ listingId: listed.listing_id, amountMicros: 13_500, priceMicros: 20_000, feeMicros: 1500, toolMicros: 5000 }),
      }),
    ]);
  });

  it('refunds the buyer and pays the seller nothing when the listed tool fails', async () => {
    const listed = await net.ok(net.post('/marketplace/list', { agent_id: bobAgent, tool: 'keywords', title: 'Keywords', price_usd: 0.01 }, bob.auth));
    const [buyerBefore, sellerBefore] = [await micros(carol), await micros(bob)];
    const failed = await net.post('/marketplace/call', { listing_id: listed.listing_id, input: { nonsense: true } }, carol.auth);
    expect(failed.status).toBe(400);
    expect(await micros(carol)).toMatchObject({ available_micros: buyerBefore.available_micros, reserved_micros: buyerBefore.reserved_micros });
    expect((await micros(bob)).available_micros).toBe(sellerBefore.available_micros);
  });

  it('lets only the owner delist; a delisted listing is not found and costs nothing', async () => {
    const listed = await net.ok(net.post('/marketplace/list', { agent_id: bobAgent, tool: 'summarize', title: 'Summaries', price_usd: 0.05 }, bob.auth));
    expect((await net.post('/marketplace/delist', { agent_id: bobAgent, listing_id: listed.listing_id }, carol.auth)).status).toBe(404);
    expect((await net.post('/marketplace/delist', { agent_id: carolAgent, listing_id: listed.listing_id }, carol.auth)).status).toBe(404);
    await net.ok(net.post('/marketplace/delist', { agent_id: bobAgent, listing_id: listed.listing_id }, bob.auth));
    const before = await micros(carol);
    const gone = await net.post('/marketplace/call', { listing_id: listed.listing_id, input: { text: 'a b c' } }, carol.auth);
    expect(gone.status).toBe(404);
    expect((await micros(carol)).available_micros).toBe(before.available_micros);
    const shown = await net.ok(net.get(`/marketplace?agent_id=${bobAgent}&limit=100`));
    expect(shown.listings.map((l: { listing_id: string }) => l.listing_id)).not.toContain(listed.listing_id);
  });

  it('refuses listings below the tool’s own price and of tools that act as an identity', async () => {
    const cheap = await net.post('/marketplace/list', { agent_id: bobAgent, tool: 'sentiment', title: 'Cheap', price_usd: 0.001 }, bob.auth);
    expect(cheap.status).toBe(400);
    const identity = await net.post('/marketplace/list', { agent_id: bobAgent, tool: 'memory/get', title: 'Peek', price_usd: 0.01 }, bob.auth);
    expect(identity.status).toBe(400);
  });
});

describe('claim expiry', () => {
  let quick: TestService;
  beforeAll(async () => {
    quick = await startTestService({ env: { ...modelEnv(), TASK_CLAIM_SECONDS: '2' } });
  });
  afterAll(() => quick?.stop());

  it('opens a task again when its claim runs out (a durable timer per claim), after which the old claimant cannot complete it', async () => {
    const quickNet = agentNetwork(quick.baseUrl);
    const [poster, worker, other] = await Promise.all([generateKey(quick.baseUrl, 'p'), generateKey(quick.baseUrl, 'w'), generateKey(quick.baseUrl, 'o')]);
    const [posterAgent, workerAgent, otherAgent] = await Promise.all([
      quickNet.register(poster, 'poster'),
      quickNet.register(worker, 'slow'),
      quickNet.register(other, 'fast'),
    ]);
    const task = await quickNet.ok(quickNet.post('/task/submit', { agent_id: posterAgent, title: 'Quick one', reward_usd: 0.01 }, poster.auth));
    await quickNet.ok(quickNet.post('/task/claim', { agent_id: workerAgent, task_id: task.task_id }, worker.auth));
    await waitFor(async () => {
      const found = await quickNet.ok(quickNet.get(`/task/browse?status=open&poster=${posterAgent}`));
      return found.tasks.some((t: { task_id: string }) => t.task_id === task.task_id);
    }, 'the claim to expire and the task to open again');
    const history = (await readStream(quick.database.db, `task-${task.task_id}`)).map((e) => e.type);
    expect(history).toEqual(['TaskPosted', 'TaskClaimed', 'TaskClaimExpired']);
    expect(await quick.client.workflow.getHandle(`task-${task.task_id}-claim-1`).result()).toEqual({ expired: true });

    const late = await quickNet.post('/task/complete', { agent_id: workerAgent, task_id: task.task_id, result: 'late' }, worker.auth);
    expect(late.status).toBe(409);
    const again = await quickNet.ok(quickNet.post('/task/claim', { agent_id: otherAgent, task_id: task.task_id }, other.auth));
    expect(again).toMatchObject({ status: 'claimed', claimed_by: otherAgent });
    // Each claim has a timer of its own (started by the worker's trigger): the second one runs out in turn.
    const secondTimer = quick.client.workflow.getHandle(`task-${task.task_id}-claim-2`);
    await waitFor(() => secondTimer.describe().then(Boolean), 'the second claim’s timer to start');
    expect(await secondTimer.result()).toEqual({ expired: true });
    // No reward moved: it stays held for whoever completes the task.
    expect(await balanceRow(quick.database.db, poster.keyId)).toMatchObject({ reserved_micros: 10_000 });
    expect((await balanceRow(quick.database.db, worker.keyId)).credited_micros).toBe(250_000);

    await quick.subscriber.catchUp();
    expect((await replayProjections(quick.database.db, { liveSchema: LIVE_SCHEMA, projections: allProjections })).drift).toEqual([]);
  });
});

describe('replay', () => {
  it('rebuilds tasks, rewards, listings and balances from the log without drift', async () => {
    await service.subscriber.catchUp();
    const report = await replayProjections(service.database.db, { liveSchema: LIVE_SCHEMA, projections: allProjections });
    expect(report.drift).toEqual([]);
    expect(report.rows.boardTasks).toBeGreaterThanOrEqual(5);
    expect(report.rows.listings).toBeGreaterThanOrEqual(2);
  });
});
