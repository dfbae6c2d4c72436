import { customAgentScheduleId } from '../../../schema/customAgents/customAgentSchedules';
import { topUp } from '../../../test/support/accounts';
import { modelEnv } from '../../../test/support/modelEnv';
import { triggerInNewSecond } from '../../../test/support/scheduleTrigger';
import { startScriptedModelServer } from '../../../test/support/scriptedModelServer';
import { startTestService } from '../../../test/support/testService';
import { poll, waitingOn } from '../recorder';
import { answer, caller, FAST, type Group, newKey, typeOn, withService } from './shared';

/** Custom agents (a run, loop and event schedules, a refused run), the agent network's workflows and search by meaning. */
export const agents: Group = {
  name: 'agents',
  about: 'customAgentRun, customAgentTrigger, toolCall of a custom agent, broadcastFanOut, taskClaimExpiry, searchVectors, searchQueryVector',
  async run(rec) {
    const model = await startScriptedModelServer();
    try {
      await withService(
        rec,
        () => startTestService({ env: { ...modelEnv(model.baseUrl), ...FAST } }),
        async (service) => {
          const { client } = service;
          const owner = await newKey(rec, service);
          const api = caller(service, owner);
          const built: string[] = [];
          const build = async (extra: Record<string, unknown> = {}) => {
            const { body } = await api.ok('/agents/build', { name: 'digest', system_prompt: 'You write a one-line digest.', tools: ['sentiment'], ...extra });
            built.push(body.agent_id);
            return body.agent_id as string;
          };
          try {
            await rec.step("a custom agent's run", async () => {
              const agentId = await build();
              model.answer(answer('Positive.'));
              const { workflowId } = await api.ok(`/agents/custom/${agentId}/run`, { task: 'How does "I love it" sound?' });
              await rec.closed(client, workflowId, 'completed', { type: 'toolCall', scenario: 'POST /agents/custom/{id}/run: the custom-agent orchestration' });
            });
            await rec.step('a loop schedule, then a refused run', async () => {
              // The owner's trial credit (0.25) paid for the run above and pays for this scheduled one: the next is refused.
              const agentId = await build({ schedule: { type: 'loop', config: { minutes: 1440, task: 'Report.' } } });
              const schedule = client.schedule.getHandle(customAgentScheduleId(agentId));
              model.answer(answer('First report.'));
              await schedule.trigger();
              const query = typeOn(service, 'customAgentRun', ` AND AgentId = "${agentId}"`);
              const [first] = await rec.find(client, query);
              await rec.closed(client, first!.workflowId, 'completed', {
                type: 'customAgentRun',
                scenario: 'a loop schedule triggered: the run and its paid child call',
              });
              await poll('the scheduled run to close', 30_000, async () => ((await schedule.describe()).info.runningActions.length === 0 ? true : undefined));
              await triggerInNewSecond(schedule);
              const [, refused] = await rec.find(client, query, 2);
              await rec.closed(client, refused!.workflowId, 'completed', {
                type: 'customAgentRun',
                scenario: 'a scheduled run the owner cannot pay: refused, nothing charged',
              });
              await rec.closed(client, `call-${refused!.workflowId}.${refused!.runId}`, 'completed', {
                type: 'toolCall',
                scenario: "a scheduled run's call rejected by the reservation (insufficient funds)",
              });
            });
            await rec.step('an event schedule on messages', async () => {
              const sender = await newKey(rec, service);
              const from = (await caller(service, sender).ok('/agents/register', { name: 'sender' })).body.agent_id as string;
              const agentId = await build({ schedule: { type: 'event', config: { trigger: 'message' } } });
              const paid = await topUp(service.baseUrl, service.config.adminToken, owner.key, 1);
              if (paid.status !== 200) throw new Error(`topping up answered ${paid.status}`);
              model.answer(answer('Handled.'));
              await caller(service, sender).ok('/message/send', { from, to: agentId, body: 'Please summarise the week.' });
              const trigger = `agent-${agentId}-trigger`;
              const [run] = await rec.find(client, typeOn(service, 'customAgentRun', ` AND AgentId = "${agentId}"`));
              await rec.closed(client, run!.workflowId, 'completed', {
                type: 'customAgentRun',
                scenario: 'a message to an agent scheduled on messages: its event run',
              });
              await rec.waiting(
                client,
                trigger,
                (events) => events.some((e) => e.childWorkflowExecutionCompletedEventAttributes) && waitingOn.timer(events),
                { type: 'customAgentTrigger', scenario: "an agent's trigger after one event, waiting for the next (signal) or its idle time-out" },
                { keepRunning: true },
              );
              await api.send('DELETE', `/agents/custom/${agentId}`);
              await rec.closed(client, trigger, 'cancelled', { type: 'customAgentTrigger', scenario: 'the agent archived: its trigger cancelled' });
            });
            await rec.step('a scheduled run whose model fails', async () => {
              const agentId = await build({ schedule: { type: 'loop', config: { minutes: 1440, task: 'Report.' } } });
              // A refusal the provider will not change its mind about (400): no retry, the agent's turn fails.
              model.answer({ text: 'The request was refused by the provider.', status: 400 });
              await client.schedule.getHandle(customAgentScheduleId(agentId)).trigger();
              const [run] = await rec.find(client, typeOn(service, 'customAgentRun', ` AND AgentId = "${agentId}"`));
              await rec.closed(client, `call-${run!.workflowId}.${run!.runId}`, 'failed', {
                type: 'toolCall',
                scenario: "a custom agent's call whose model turn failed: refunded",
              });
              await rec.closed(client, run!.workflowId, 'completed', {
                type: 'customAgentRun',
                scenario: 'a scheduled run whose call failed: recorded failed, counted towards pausing the schedule',
              });
            });
            await rec.step("a custom agent's run waiting on its model", async () => {
              const agentId = await build({ schedule: { type: 'loop', config: { minutes: 1440, task: 'Report.' } } });
              model.answer({ ...answer('Late report.'), delayMs: 600_000 });
              await client.schedule.getHandle(customAgentScheduleId(agentId)).trigger();
              const [run] = await rec.find(client, typeOn(service, 'customAgentRun', ` AND AgentId = "${agentId}"`));
              await rec.waiting(
                client,
                `call-${run!.workflowId}.${run!.runId}`,
                (events) => waitingOn.activity(events, 'agentTurn'),
                { type: 'toolCall', scenario: "a custom agent's loop waiting on a slow model turn (its activity in flight)" },
                { keepRunning: true },
              );
              await rec.waiting(client, run!.workflowId, waitingOn.child, {
                type: 'customAgentRun',
                scenario: 'a scheduled run waiting on its child call (the agent loop)',
              });
            });
          } finally {
            for (const agentId of built) {
              await client.schedule
                .getHandle(customAgentScheduleId(agentId))
                .delete()
                .catch(() => undefined);
            }
          }

          await rec.step('a broadcast and search by meaning', async () => {
            const net = caller(service, owner);
            const alice = (await net.ok('/agents/register', { name: 'alice', description: 'Writes weekly digests of customer reviews.' })).body.agent_id;
            const { body: sent } = await net.ok('/message/broadcast', { from: alice, subject: 'Hello all', body: 'Alice is online' });
            await rec.closed(client, `broadcast-${sent.broadcast_id}`, 'completed', {
              type: 'broadcastFanOut',
              scenario: "a broadcast to every agent's inbox (one page)",
            });
            const [vectors] = await rec.find(client, typeOn(service, 'searchVectors', ' AND ExecutionStatus = "Completed"'));
            await rec.closed(client, vectors!.workflowId, 'completed', {
              type: 'searchVectors',
              scenario: 'rows written (agents registered) embedded for search by meaning',
            });
            // An inline search the API answers itself asks a worker for its query's vector.
            const searched = await fetch(`${service.baseUrl}/catalog?q=${encodeURIComponent('weather forecasts')}`);
            if (searched.status !== 200) throw new Error(`/catalog?q= answered ${searched.status}`);
            const [query] = await rec.find(client, typeOn(service, 'searchQueryVector'));
            await rec.closed(client, query!.workflowId, 'completed', {
              type: 'searchQueryVector',
              scenario: "GET /catalog?q=: the query's vector made by a worker",
            });
          });

          await rec.step('a claim that runs out', async () => {
            const worker = await newKey(rec, service);
            const poster = (await api.ok('/agents/register', { name: 'poster' })).body.agent_id;
            const claimant = (await caller(service, worker).ok('/agents/register', { name: 'claimant' })).body.agent_id;
            const { body: task } = await api.ok('/task/submit', { agent_id: poster, title: 'Quick one', reward_usd: 0.01 });
            await caller(service, worker).ok('/task/claim', { agent_id: claimant, task_id: task.task_id });
            await rec.closed(client, `task-${task.task_id}-claim-1`, 'completed', {
              type: 'taskClaimExpiry',
              scenario: "a claim's timer fired: the task opens again",
            });
          });
        },
      );
    } finally {
      await model.close();
    }
  },
};
