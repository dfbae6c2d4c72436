import { randomUUID } from 'node:crypto';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ScheduleNotFoundError } from '@temporalio/client';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { Worker } from '@temporalio/worker';
import { readStream } from '../../core/eventStore';
import { allProjections, LIVE_SCHEMA } from '../../core/projections';
import { replayProjections } from '../../core/projections/replay';
import { customAgentScheduleId, CUSTOM_AGENT_LIMITS } from '../../schema/customAgents/customAgentSchedules';
import { generateKey, type TestKey, topUp } from '../support/accounts';
import { agentNetwork } from '../support/agentNetwork';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { outputProblems } from '../support/registryOutput';
import { triggerInNewSecond } from '../support/scheduleTrigger';
import { type ScriptedAnswer, type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';
import { replayOptions } from '../support/replayOptions';

let model: ScriptedModelServer;
let service: TestService;
beforeAll(async () => {
  model = await startScriptedModelServer();
  // Kept at stop: one test restarts the service on the same database.
  service = await startTestService({ env: modelEnv(model.baseUrl), keepDatabase: true });
});
const built: string[] = [];
afterAll(async () => {
  // No schedule of this file outlives it on the shared Temporal server.
  for (const agentId of built) {
    await service.client.schedule
      .getHandle(customAgentScheduleId(agentId))
      .delete()
      .catch(() => undefined);
  }
  await service.stop();
  await service.database.drop();
  await model.close();
});

const call = (method: string, path: string, key: TestKey, body?: unknown) =>
  fetch(`${service.baseUrl}${path}`, {
    method,
    headers: { 'X-Request-Id': randomUUID(), ...key.auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const answer = (text: string): ScriptedAnswer => ({ text: JSON.stringify({ thought: 'I can answer directly.', answer: text }) });

/** A JSON body as tests read it (typed loosely on purpose, like json()). */
type Body = Awaited<ReturnType<typeof json>>;

async function build(key: TestKey, extra: Record<string, unknown> = {}): Promise<Body> {
  const response = await call('POST', '/agents/build', key, {
    name: 'digest',
    system_prompt: 'You write a one-line digest.',
    tools: ['sentiment', 'summarize'],
    ...extra,
  });
  const body = await json(response);
  if (response.status !== 200) throw new Error(`build answered ${response.status}: ${JSON.stringify(body)}`);
  built.push(body.agent_id);
  return body;
}
const runsOf = async (key: TestKey, agentId: string) => (await json(await call('GET', `/agents/custom/${agentId}/runs`, key))).runs as Body[];

describe('custom agents', () => {
  it('builds an agent whose tools come from the registry and model from the catalogue, lists and reads it for its owner only', async () => {
    const owner = await generateKey(service.baseUrl);
    const other = await generateKey(service.baseUrl);
    const badTool = await call('POST', '/agents/build', owner, { name: 'x', system_prompt: 'y', tools: ['no-such-tool'] });
    expect(badTool.status).toBe(400);
    expect((await json(badTool)).error).toContain('no-such-tool');
    const badModel = await call('POST', '/agents/build', owner, { name: 'x', system_prompt: 'y', tools: ['summarize'], model: 'local' });
    expect(badModel.status).toBe(400);
    const badDay = await call('POST', '/agents/build', owner, {
      name: 'x',
      system_prompt: 'y',
      tools: ['summarize'],
      schedule: { type: 'cron', config: { hour: 9, day_of_week: 'funday' } },
    });
    expect(badDay.status).toBe(400);
    expect((await json(badDay)).error).toContain('funday');

    const agent = await build(owner);
    expect(agent).toMatchObject({ name: 'digest', tools: ['sentiment', 'summarize'], model: 'auto', status: 'active', schedule: null, runs: 0 });
    const listed = await json(await call('GET', '/agents/custom', owner));
    expect(listed.agents.map((a: { agent_id: string }) => a.agent_id)).toEqual([agent.agent_id]);
    expect((await json(await call('GET', '/agents/custom', other))).agents).toEqual([]);

    const updated = await call('PUT', `/agents/custom/${agent.agent_id}`, owner, { name: 'digest-2', tools: ['summarize'] });
    expect(updated.status).toBe(200);
    expect(await json(updated)).toMatchObject({ name: 'digest-2', tools: ['summarize'], system_prompt: 'You write a one-line digest.' });

    for (const [method, path, body] of [
      ['GET', `/agents/custom/${agent.agent_id}`],
      ['PUT', `/agents/custom/${agent.agent_id}`, { name: 'mine now' }],
      ['DELETE', `/agents/custom/${agent.agent_id}`],
      ['GET', `/agents/custom/${agent.agent_id}/runs`],
      ['POST', `/agents/custom/${agent.agent_id}/schedule`, { type: 'loop', config: { minutes: 5 } }],
      ['POST', `/agents/custom/${agent.agent_id}/run`, { task: 'Do it.' }],
    ] as const) {
      const response = await call(method, path, other, body);
      expect([method, path, response.status]).toEqual([method, path, 404]);
    }
    const stream = await readStream(service.database.db, `agent-${agent.agent_id}`);
    expect(stream.map((e) => e.type)).toEqual(['AgentRegistered', 'CustomAgentBuilt', 'CustomAgentUpdated']);
    // The other key's refused run held nothing.
    expect((await readStream(service.database.db, `account-${other.keyId}`)).map((e) => e.type)).toEqual(['AccountOpened', 'CreditGranted']);
  });

  it('refuses an owner’s 51st active agent with 409 (a conflict with what they hold, not bad input) until one is archived', async () => {
    const owner = await generateKey(service.baseUrl);
    const agents: string[] = [];
    for (let batch = 0; batch < CUSTOM_AGENT_LIMITS.activePerOwner / 10; batch++) {
      agents.push(...(await Promise.all(Array.from({ length: 10 }, () => build(owner)))).map((agent) => agent.agent_id as string));
    }
    const refused = await call('POST', '/agents/build', owner, { name: 'one more', system_prompt: 'y', tools: ['summarize'] });
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual({
      code: 'limit_reached',
      error: `you already have ${CUSTOM_AGENT_LIMITS.activePerOwner} active custom agents`,
      hint: 'Archive one with DELETE /agents/custom/{id} first.',
      docs: expect.any(String),
    });
    expect((await call('DELETE', `/agents/custom/${agents[0]}`, owner)).status).toBe(200);
    await build(owner);
  });

  it('runs the agent loop with its prompt and tools for one payment of the configured price, and lists the run with its trace and cost', async () => {
    const owner = await generateKey(service.baseUrl);
    const agent = await build(owner);
    const before = model.received.length;
    model.answer(
      { text: JSON.stringify({ thought: 'Check the tone.', tool: 'sentiment', input: { text: 'I love this product', model: 'local' } }) },
      answer('Positive: the customer loves it.'),
    );
    const response = await call('POST', `/agents/custom/${agent.agent_id}/run`, owner, { task: 'How does "I love this product" sound?' });
    const body = await json(response);
    expect([response.status, body.error]).toEqual([200, undefined]);
    expect(body).toMatchObject({ agent_id: agent.agent_id, answer: 'Positive: the customer loves it.', steps: 1, cost_usd: 0.1 });
    expect(body.trace[0]).toMatchObject({ tool: 'sentiment', ok: true });
    expect(body._meta).toMatchObject({ cost_usd: 0.1 });
    const first = model.received[before]!.body;
    expect(first.messages[0].content).toContain('You write a one-line digest.');
    expect(first.messages[0].content).toContain('- sentiment: ');
    expect(first.messages[0].content).not.toContain('- keywords: ');

    const { _meta: _ignored, ...output } = body;
    expect(outputProblems('agents/custom/run', output)).toEqual([]);
    expect(outputProblems('agents/custom/runs', await json(await call('GET', `/agents/custom/${agent.agent_id}/runs`, owner)))).toEqual([]);
    expect(outputProblems('agents/custom/get', await json(await call('GET', `/agents/custom/${agent.agent_id}`, owner)))).toEqual([]);
    expect(outputProblems('agents/custom', await json(await call('GET', '/agents/custom', owner)))).toEqual([]);
    const [run] = await runsOf(owner, agent.agent_id);
    expect(run).toMatchObject({ run_id: body.run_id, trigger: 'manual', status: 'completed', answer: body.answer, steps: 1, cost_usd: 0.1 });
    expect(run!.trace).toHaveLength(1);
    const money = (await readStream(service.database.db, `account-${owner.keyId}`)).map((e) => e.type);
    expect(money).toEqual(['AccountOpened', 'CreditGranted', 'ChargeReserved', 'ChargeSettled']);
  });

  it('gives an agent with memory the memory tools on its own memory, which outlives the run', async () => {
    const owner = await generateKey(service.baseUrl);
    const agent = await build(owner, { memory: true, tools: ['summarize'] });
    const before = model.received.length;
    model.answer(
      { text: JSON.stringify({ thought: 'Remember it.', tool: 'memory/set', input: { agent_id: agent.agent_id, key: 'last', value: 'BTC 100k' } }) },
      answer('Stored.'),
    );
    const body = await json(await call('POST', `/agents/custom/${agent.agent_id}/run`, owner, { task: 'Remember that BTC is at 100k.' }));
    expect(body.trace[0]).toMatchObject({ tool: 'memory/set', ok: true });
    expect(model.received[before]!.body.messages[0].content).toContain('- memory/set: ');
    const memory = (await readStream(service.database.db, `memory-${agent.agent_id}`)).map((e) => [e.type, (e.data as { key?: string }).key]);
    expect(memory).toEqual([['MemorySet', 'last']]);
  });

  it('lets a wallet session build and read its own agents, but not schedule them (scheduled runs bill a key account)', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const network = agentNetwork(service.baseUrl);
    const challenge = await network.ok(network.post('/agents/challenge', { address: wallet.address }));
    const verified = await network.ok(
      network.post('/agents/verify', { message: challenge.message, signature: await wallet.signMessage({ message: challenge.message }) }),
    );
    const session: TestKey = { key: '', keyId: '', auth: { Authorization: `Bearer ${verified.token}` } };
    const agent = await build(session);
    expect((await json(await call('GET', '/agents/custom', session))).agents.map((a: Body) => a.agent_id)).toEqual([agent.agent_id]);
    const scheduled = await call('POST', `/agents/custom/${agent.agent_id}/schedule`, session, { type: 'loop', config: { minutes: 60 } });
    expect(scheduled.status).toBe(400);
    expect((await json(scheduled)).error).toContain('key account');
    const stranger = await generateKey(service.baseUrl);
    expect((await call('GET', `/agents/custom/${agent.agent_id}`, stranger)).status).toBe(404);
  });

  it('runs the agent as the MCP tool agents_custom_run for its owner, and not for another key', async () => {
    const owner = await generateKey(service.baseUrl);
    const other = await generateKey(service.baseUrl);
    const agent = await build(owner);
    const connect = async (key: TestKey) => {
      const client = new McpClient({ name: 'e2e', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${service.baseUrl}/mcp`), { requestInit: { headers: key.auth } }));
      return client;
    };
    const mine = await connect(owner);
    model.answer(answer('Done over MCP.'));
    const result = (await mine.callTool({ name: 'agents_custom_run', arguments: { agent_id: agent.agent_id, task: 'Say done.' } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ agent_id: agent.agent_id, answer: 'Done over MCP.' });
    await mine.close();
    const theirs = await connect(other);
    const refused = (await theirs.callTool({ name: 'agents_custom_run', arguments: { agent_id: agent.agent_id, task: 'Say done.' } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('no custom agent');
    await theirs.close();
    expect((await runsOf(owner, agent.agent_id)).map((r) => r.answer)).toEqual(['Done over MCP.']);
  });

  it('refuses a run the owner cannot pay with 402 and charges nothing', async () => {
    const owner = await generateKey(service.baseUrl);
    const agent = await build(owner);
    // Two runs of 0.10 leave 0.05 of the 0.25 trial credit: the third cannot be paid.
    model.answer(answer('one'), answer('two'));
    for (const task of ['first', 'second']) expect((await call('POST', `/agents/custom/${agent.agent_id}/run`, owner, { task })).status).toBe(200);
    const eventsBefore = (await readStream(service.database.db, `account-${owner.keyId}`)).length;
    const refused = await call('POST', `/agents/custom/${agent.agent_id}/run`, owner, { task: 'third' });
    expect(refused.status).toBe(402);
    expect((await json(refused)).error).toBeTruthy();
    expect((await readStream(service.database.db, `account-${owner.keyId}`)).length).toBe(eventsBefore);
    expect((await runsOf(owner, agent.agent_id)).map((r) => r.task)).toEqual(['second', 'first']);
  });

  it('maps a cron schedule to a Temporal calendar in its time zone, with overlap skip and a catch-up window', async () => {
    const owner = await generateKey(service.baseUrl);
    const agent = await build(owner, { schedule: { type: 'cron', config: { hour: 9, minute: 30, day_of_week: 'mon-fri', timezone: 'Europe/Berlin' } } });
    expect(agent).toMatchObject({ schedule_state: 'active', schedule: { type: 'cron', config: { hour: 9, minute: 30, day_of_week: 'mon-fri' } } });
    const described = await service.client.schedule.getHandle(customAgentScheduleId(agent.agent_id)).describe();
    expect(described.spec.timezone).toBe('Europe/Berlin');
    expect(described.spec.calendars).toEqual([
      expect.objectContaining({
        hour: [{ start: 9, end: 9, step: 1 }],
        minute: [{ start: 30, end: 30, step: 1 }],
        dayOfWeek: [{ start: 'MONDAY', end: 'FRIDAY', step: 1 }],
      }),
    ]);
    expect(described.policies).toMatchObject({ overlap: 'SKIP', catchupWindow: 600_000 });
    expect(described.action).toMatchObject({ workflowType: 'customAgentRun', args: [{ agentId: agent.agent_id, trigger: 'cron' }] });

    // PUT changes the schedule in Temporal too, and a null schedule deletes it.
    const changed = await call('PUT', `/agents/custom/${agent.agent_id}`, owner, { schedule: { type: 'loop', config: { minutes: 15 } } });
    expect(await json(changed)).toMatchObject({ schedule: { type: 'loop', config: { minutes: 15 } } });
    const redescribed = await service.client.schedule.getHandle(customAgentScheduleId(agent.agent_id)).describe();
    expect([redescribed.spec.intervals, redescribed.spec.calendars]).toEqual([[expect.objectContaining({ every: 900_000 })], []]);
    expect(await json(await call('PUT', `/agents/custom/${agent.agent_id}`, owner, { schedule: null }))).toMatchObject({
      schedule: null,
      schedule_state: 'none',
    });
    await expect(service.client.schedule.getHandle(customAgentScheduleId(agent.agent_id)).describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);
  });

  it('fires a loop schedule through Temporal (also after the API and worker restart), and archiving deletes it and refuses runs', async () => {
    const owner = await generateKey(service.baseUrl);
    const agent = await build(owner, { schedule: { type: 'loop', config: { minutes: 1440, task: 'Report.' } } });
    const handle = service.client.schedule.getHandle(customAgentScheduleId(agent.agent_id));
    expect((await handle.describe()).spec.intervals).toEqual([expect.objectContaining({ every: 86_400_000 })]);

    model.answer(answer('first loop'));
    await handle.trigger();
    const first = await waitFor(async () => (await runsOf(owner, agent.agent_id)).find((r) => r.status === 'completed'), 'the first scheduled run', 60_000);
    expect(first).toMatchObject({ trigger: 'loop', task: 'Report.', answer: 'first loop', cost_usd: 0.1 });
    // The run is recorded before its workflow ends; with overlap SKIP a trigger while it is still open would be skipped.
    await waitFor(async () => (await handle.describe()).info.runningActions.length === 0, 'the first scheduled workflow to close', 60_000);

    // A new API and worker on the same database: the schedule lives in Temporal, not in either process.
    await service.stop();
    service = await startTestService({ env: { ...modelEnv(model.baseUrl), TEMPORAL_TASK_QUEUE: service.config.taskQueue }, database: service.database });
    model.answer(answer('second loop'));
    // The restart can take less than a second: triggered in the first run's second, the trigger would be dropped.
    await triggerInNewSecond(service.client.schedule.getHandle(customAgentScheduleId(agent.agent_id)));
    await waitFor(async () => (await runsOf(owner, agent.agent_id)).find((r) => r.answer === 'second loop'), 'the run after the restart', 60_000);

    const archived = await call('DELETE', `/agents/custom/${agent.agent_id}`, owner);
    expect(await json(archived)).toMatchObject({ status: 'archived', schedule: null });
    await expect(service.client.schedule.getHandle(customAgentScheduleId(agent.agent_id)).describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);
    // Refused before anything is held: the owner's 0.05 left would not even pay for it.
    const refused = await call('POST', `/agents/custom/${agent.agent_id}/run`, owner, { task: 'again' });
    expect(refused.status).toBe(409);
    expect((await json(refused)).error).toContain('archived');
    expect((await runsOf(owner, agent.agent_id)).map((r) => r.answer)).toEqual(['second loop', 'first loop']);
    const types = (await readStream(service.database.db, `agent-${agent.agent_id}`)).map((e) => e.type);
    expect(types).toEqual([
      'AgentRegistered',
      'CustomAgentBuilt',
      'CustomAgentScheduled',
      'CustomAgentRunStarted',
      'CustomAgentRunFinished',
      'CustomAgentRunStarted',
      'CustomAgentRunFinished',
      'CustomAgentUnscheduled',
      'CustomAgentArchived',
    ]);
  }, 180_000);

  it('runs an agent scheduled on messages once per message sent to it', async () => {
    const owner = await generateKey(service.baseUrl);
    const sender = await generateKey(service.baseUrl);
    const network = agentNetwork(service.baseUrl);
    const from = await network.register(sender, 'sender');
    const agent = await build(owner, { schedule: { type: 'event', config: { trigger: 'message' } } });
    expect((await topUp(service.baseUrl, service.config.adminToken, owner.key, 1)).status).toBe(200);
    model.answer(answer('handled one'), answer('handled two'));
    for (const body of ['first message', 'second message']) await network.ok(network.post('/message/send', { from, to: agent.agent_id, body }, sender.auth));
    const runs = await waitFor(
      async () => {
        const found = await runsOf(owner, agent.agent_id);
        return found.filter((r) => r.status === 'completed').length >= 2 ? found : undefined;
      },
      'two event runs',
      60_000,
    );
    expect(runs.map((r) => r.trigger)).toEqual(['event', 'event']);
    expect(runs.map((r) => r.task).join('\n')).toContain('first message');
    expect(runs.map((r) => r.task).join('\n')).toContain('second message');

    // The same event signalled again runs nothing more: a third, new message is the next and only other run.
    const started = (await readStream(service.database.db, `agent-${agent.agent_id}`)).filter((e) => e.type === 'CustomAgentRunStarted');
    const eventId = (started[0]!.data as { eventId: string }).eventId;
    await service.client.workflow.signalWithStart('customAgentTrigger', {
      workflowId: `agent-${agent.agent_id}-trigger`,
      taskQueue: service.config.taskQueue,
      args: [{ agentId: agent.agent_id }],
      signal: 'agentEvent',
      signalArgs: [{ eventId, task: 'a repeat' }],
    });
    model.answer(answer('handled three'));
    await network.ok(network.post('/message/send', { from, to: agent.agent_id, body: 'third message' }, sender.auth));
    const after = await waitFor(
      async () => {
        const found = await runsOf(owner, agent.agent_id);
        return found.filter((r) => r.status === 'completed').length >= 3 ? found : undefined;
      },
      'the third event run',
      60_000,
    );
    expect(after).toHaveLength(3);
    expect(after[0]!.task).toContain('third message');
    expect(after.map((r) => r.task)).not.toContain('a repeat');

    // Archiving stops the agent's trigger workflow: later messages run nothing.
    expect((await call('DELETE', `/agents/custom/${agent.agent_id}`, owner)).status).toBe(200);
    const trigger = service.client.workflow.getHandle(`agent-${agent.agent_id}-trigger`);
    await waitFor(async () => (await trigger.describe()).status.name === 'CANCELLED', 'the cancelled trigger workflow');
  }, 180_000);

  it('runs an agent on each event posted to its owner’s relay, and on tasks posted with its tag; another owner’s relay is refused', async () => {
    const owner = await generateKey(service.baseUrl);
    const stranger = await generateKey(service.baseUrl);
    expect((await topUp(service.baseUrl, service.config.adminToken, owner.key, 1)).status).toBe(200);
    const relay = await json(await call('POST', '/webhooks/create', owner, {}));
    const theirs = await call('POST', '/agents/build', stranger, {
      name: 'snoop',
      system_prompt: 'x',
      tools: ['summarize'],
      schedule: { type: 'event', config: { trigger: 'relay', relay_id: relay.id } },
    });
    expect(theirs.status).toBe(400);
    const onRelay = await build(owner, { schedule: { type: 'event', config: { trigger: 'relay', relay_id: relay.id } } });
    model.answer(answer('relay one'), answer('relay two'));
    for (const order of [1, 2]) {
      const posted = await fetch(`${service.baseUrl}/webhooks/${relay.id}/receive`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ order }),
      });
      expect(posted.status).toBe(200);
    }
    const relayRuns = await waitFor(
      async () => {
        const found = await runsOf(owner, onRelay.agent_id);
        return found.filter((r) => r.status === 'completed').length >= 2 ? found : undefined;
      },
      'two relay runs',
      60_000,
    );
    const relayTasks = relayRuns.map((r) => r.task).join('\n');
    expect(relayTasks).toContain('{"order":1}');
    expect(relayTasks).toContain('{"order":2}');
    expect(relayRuns).toHaveLength(2);

    const onTasks = await build(owner, { schedule: { type: 'event', config: { trigger: 'task', tags: ['lead'] } } });
    const network = agentNetwork(service.baseUrl);
    const poster = await network.register(stranger, 'poster');
    model.answer(answer('lead handled'));
    await network.ok(network.post('/task/submit', { agent_id: poster, title: 'Not for the agent', tags: ['support'] }, stranger.auth));
    await network.ok(network.post('/task/submit', { agent_id: poster, title: 'Qualify ACME', tags: ['lead'] }, stranger.auth));
    const [taskRun] = await waitFor(
      async () => {
        const found = await runsOf(owner, onTasks.agent_id);
        return found.some((r) => r.status === 'completed') ? found : undefined;
      },
      'the task run',
      60_000,
    );
    expect(taskRun!.task).toContain('Qualify ACME');
    expect(await runsOf(owner, onTasks.agent_id)).toHaveLength(1);
  }, 180_000);

  it('pauses a schedule after CUSTOM_AGENT_PAUSE_AFTER_FAILURES refused runs in a row, charging nothing, and resumes it when scheduled again', async () => {
    const owner = await generateKey(service.baseUrl);
    const agent = await build(owner, { schedule: { type: 'loop', config: { minutes: 1440 } } });
    // Two paid runs leave 0.05 of the trial credit: every scheduled run after them is refused.
    model.answer(answer('one'), answer('two'));
    for (const task of ['first', 'second']) expect((await call('POST', `/agents/custom/${agent.agent_id}/run`, owner, { task })).status).toBe(200);
    const moneyBefore = (await readStream(service.database.db, `account-${owner.keyId}`)).length;
    const handle = service.client.schedule.getHandle(customAgentScheduleId(agent.agent_id));
    const limit = service.config.customAgentPauseAfterFailures;
    for (let n = 1; n <= limit; n++) {
      await triggerInNewSecond(handle);
      await waitFor(async () => (await runsOf(owner, agent.agent_id)).filter((r) => r.status === 'refused').length >= n, `refused run ${n}`, 60_000);
      // The overlap policy skips a run while the last is going: the next is triggered once it has ended.
      await waitFor(async () => (await handle.describe()).info.runningActions.length === 0, `scheduled run ${n} to end`, 60_000);
    }
    const paused = await waitFor(async () => ((await handle.describe()).state.paused ? await handle.describe() : undefined), 'the paused schedule', 30_000);
    expect(paused.state.note).toContain(`${limit} failed runs`);
    const read = await json(await call('GET', `/agents/custom/${agent.agent_id}`, owner));
    expect(read).toMatchObject({ schedule_state: 'paused', consecutive_failures: limit });
    expect((await runsOf(owner, agent.agent_id)).filter((r) => r.status === 'refused')[0]).toMatchObject({ trigger: 'loop', cost_usd: 0 });
    expect((await readStream(service.database.db, `account-${owner.keyId}`)).length).toBe(moneyBefore);

    const resumed = await json(await call('POST', `/agents/custom/${agent.agent_id}/schedule`, owner, { type: 'loop', config: { minutes: 1440 } }));
    expect(resumed).toMatchObject({ schedule_state: 'active', consecutive_failures: 0 });
    expect((await handle.describe()).state.paused).toBe(false);
  }, 180_000);

  it('finds every run of an agent in Temporal by its AgentId search attribute', async () => {
    const owner = await generateKey(service.baseUrl);
    const agent = await build(owner);
    model.answer(answer('found'));
    const run = await json(await call('POST', `/agents/custom/${agent.agent_id}/run`, owner, { task: 'Be found.' }));
    const ids = await waitFor(
      async () => {
        const found: string[] = [];
        for await (const execution of service.client.workflow.list({ query: `AgentId = "${agent.agent_id}"` })) found.push(execution.workflowId);
        return found.length > 0 ? found : undefined;
      },
      'the run in Temporal visibility',
      30_000,
    );
    expect(ids).toEqual([`call-${run.run_id}`]);
  });

  it('serves ten templates', async () => {
    const response = await fetch(`${service.baseUrl}/builder/templates`);
    const body = await json(response);
    expect(body.count).toBe(10);
    expect(outputProblems('builder/templates', body)).toEqual([]);
  });
});

describe('the record', () => {
  it('replays every projection, custom agents and their runs included, with no drift, and every run workflow from its history', async () => {
    expect((await replayProjections(service.database.db, { liveSchema: LIVE_SCHEMA, projections: allProjections })).drift).toEqual([]);
    const histories = [];
    for (const agentId of built) {
      for await (const execution of service.client.workflow.list({ query: `AgentId = "${agentId}"` })) {
        histories.push({
          workflowId: execution.workflowId,
          history: await service.client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory(),
        });
      }
    }
    expect(histories.length).toBeGreaterThan(5);
    for await (const replay of Worker.runReplayHistories(replayOptions(), histories)) {
      expect([replay.workflowId, replay.error]).toEqual([replay.workflowId, undefined]);
    }
  });
});
