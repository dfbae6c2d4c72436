import { ApplicationFailure } from '@temporalio/common';
import { readStream } from '../../core/eventStore';
import { systemClock } from '../../core/clock/clock';
import { createSafeFetch } from '../../core/net/safeFetch';
import { CallErrors } from '../../schema/calls';
import { event, type Payer } from '../../schema/events';
import { balanceRow } from '../../test/support/accounts';
import { createTestDatabase, type TestDatabase } from '../../test/support/testDatabase';
import { testConfig } from '../../test/support/testService';
import { createEmbedder, type Embedder } from '../embeddings';
import { modelRouterFromConfig } from '../providers';
import type { CodeRunTool } from '../code/sandbox/codeRunTool';
import { createToolRunner, type RunTool } from './runTool';
import { featureResources } from '../features';

let database: TestDatabase;
let runTool: RunTool;
let embedder: Embedder;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig(database.url);
  // Closed at the end: the local model's thread, once loaded, would hold this jest worker's exit.
  embedder = createEmbedder(config);
  runTool = createToolRunner({
    router: modelRouterFromConfig(config, systemClock),
    embedder,
    db: database.db,
    store: database.store,
    config,
    clock: systemClock,
    safeFetch: createSafeFetch({ allowLocalHttp: true }),
    ...featureResources({ config }, { codeRun: (() => Promise.reject(new Error('no sandbox in this test'))) as unknown as CodeRunTool }),
  });
});
afterAll(async () => {
  await embedder.close();
  await database.drop();
});

let accounts = 0;
async function keyPayer(micros: number): Promise<Payer> {
  const accountId = `state-${++accounts}`;
  await database.store.append(`account-${accountId}`, [
    event('AccountOpened', { accountId, kind: 'key' }),
    event('CreditGranted', { accountId, amountMicros: micros, reason: 'trial' }),
  ]);
  return { kind: 'key', id: accountId };
}

const run = (tool: string, input: Record<string, unknown>, payer: Payer | undefined, callId: string) =>
  runTool({ tool, input, callId, ...(payer ? { payer } : {}) }).then((r) => r.output);

describe('tools whose work is state', () => {
  it('answer a run repeated after its commit (a lost worker) with the first answer, and act once', async () => {
    const payer = await keyPayer(0);
    const first = await run('agents/register', { name: 'once', description: '', capabilities: [] }, payer, 'st-register');
    const again = await run('agents/register', { name: 'once', description: '', capabilities: [] }, payer, 'st-register');
    expect(again).toEqual(first);
    expect(await readStream(database.db, `agent-${first.agent_id as string}`)).toHaveLength(1);
    expect((await readStream(database.db, 'call-st-register')).map((e) => e.type)).toEqual(['ToolEffectsApplied']);
  });

  it('pay a task’s reward once when the completion runs twice', async () => {
    const [poster, worker] = await Promise.all([keyPayer(100_000), keyPayer(0)]);
    const posterAgent = (await run('agents/register', { name: 'p', description: '', capabilities: [] }, poster, 'st-p')).agent_id;
    const workerAgent = (await run('agents/register', { name: 'w', description: '', capabilities: [] }, worker, 'st-w')).agent_id;
    const task = await run('task/submit', { agent_id: posterAgent, title: 't', description: '', tags: [], reward_usd: 0.03 }, poster, 'st-submit');
    await run('task/claim', { agent_id: workerAgent, task_id: task.task_id }, worker, 'st-claim');
    const completion = { agent_id: workerAgent, task_id: task.task_id, result: 'ok' };
    const first = await run('task/complete', completion, worker, 'st-complete');
    expect(await run('task/complete', completion, worker, 'st-complete')).toEqual(first);
    expect(await balanceRow(database.db, worker.id)).toMatchObject({ available_micros: 30_000, credited_micros: 30_000 });
    expect(await balanceRow(database.db, poster.id)).toMatchObject({ available_micros: 70_000, reserved_micros: 0, spent_micros: 30_000 });
  });

  it('refuse a caller with no identity (a free allowance names nobody)', async () => {
    const refused = run('memory/get', { agent_id: 'agt_x', key: 'k' }, { kind: 'free', id: '10.0.0.1' }, 'st-free');
    await expect(refused).rejects.toBeInstanceOf(ApplicationFailure);
    await expect(refused).rejects.toMatchObject({ type: CallErrors.invalidInput });
  });
});
