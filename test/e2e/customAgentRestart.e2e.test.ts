import { Client, Connection, ScheduleNotFoundError } from '@temporalio/client';
import { readStream } from '../../core/eventStore';
import type { Config } from '../../schema/config';
import { customAgentScheduleId } from '../../schema/customAgents/customAgentSchedules';
import { generateKey, type TestKey } from '../support/accounts';
import { type ApiProcess, spawnApi } from '../support/apiProcess';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { triggerInNewSecond } from '../support/scheduleTrigger';
import { type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { testConfig } from '../support/testService';
import { waitFor } from '../support/waitFor';
import { killed, spawnWorker } from '../support/workerProcess';
import { temporalTarget } from '../../core/temporal/temporalTarget';

// A custom agent's schedule lives in Temporal, not in any of our processes: real API and worker processes are
// killed and replaced, and the schedule goes on running the agent on the new ones.
let model: ScriptedModelServer;
let database: TestDatabase;
let config: Config;
let connection: Connection;
let client: Client;
let api: ApiProcess;
let worker: ReturnType<typeof spawnWorker>;
let agentId: string | undefined;
beforeAll(async () => {
  model = await startScriptedModelServer();
  database = await createTestDatabase();
  config = testConfig(database.url, modelEnv(model.baseUrl));
  worker = spawnWorker(config, database.url, modelEnv(model.baseUrl));
  api = await spawnApi(config, database.url, modelEnv(model.baseUrl));
  connection = await Connection.connect(temporalTarget(config).connection);
  client = new Client({ connection, namespace: temporalTarget(config).namespace });
}, 180_000);
afterAll(async () => {
  if (agentId) {
    await client.schedule
      .getHandle(customAgentScheduleId(agentId))
      .delete()
      .catch(() => undefined);
  }
  await Promise.all([killed(api.child), killed(worker)]);
  await connection.close();
  await database.drop();
  await model.close();
});

const answer = (text: string) => ({ text: JSON.stringify({ thought: 'Done.', answer: text }) });
const send = (method: string, path: string, key: TestKey, body?: unknown) =>
  fetch(`${api.baseUrl}${path}`, {
    method,
    headers: { ...key.auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const completedRuns = async (key: TestKey, id: string) =>
  ((await json(await send('GET', `/agents/custom/${id}/runs`, key))).runs as { status: string; answer: string }[]).filter((r) => r.status === 'completed');

describe('a loop schedule across process restarts', () => {
  it('fires on the first worker, and after the API and worker processes are killed and replaced, on the new ones', async () => {
    const key = await generateKey(api.baseUrl);
    const built = await json(
      await send('POST', '/agents/build', key, {
        name: 'survivor',
        system_prompt: 'You report.',
        tools: ['summarize'],
        schedule: { type: 'loop', config: { minutes: 1440, task: 'Report.' } },
      }),
    );
    agentId = built.agent_id as string;
    const id = agentId;
    const schedule = client.schedule.getHandle(customAgentScheduleId(id));

    model.answer(answer('before the restart'));
    await schedule.trigger();
    await waitFor(async () => (await completedRuns(key, id)).length === 1, 'the run on the first worker', 90_000);

    await Promise.all([killed(api.child), killed(worker)]);
    worker = spawnWorker(config, database.url, modelEnv(model.baseUrl));
    api = await spawnApi(config, database.url, modelEnv(model.baseUrl));

    model.answer(answer('after the restart'));
    await triggerInNewSecond(schedule);
    const runs = await waitFor(
      async () => {
        const found = await completedRuns(key, id);
        return found.length === 2 ? found : undefined;
      },
      'the run on the new worker',
      90_000,
    );
    expect(runs.map((r) => r.answer)).toEqual(['after the restart', 'before the restart']);

    expect((await send('DELETE', `/agents/custom/${id}`, key)).status).toBe(200);
    await expect(schedule.describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);
    const life = (await readStream(database.db, `agent-${id}`)).map((e) => e.type);
    expect(life.filter((t) => t === 'CustomAgentRunFinished')).toHaveLength(2);
    expect(life.at(-1)).toBe('CustomAgentArchived');
  }, 300_000);
});
