import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { privateKeyToAccount } from 'viem/accounts';
import { coreFeatures } from '../../core/features';
import { ensureAnswerPurgeSchedule } from '../../core/idempotency/answerPurgeSchedule';
import { createSelfHostedFacilitator } from '../../core/x402';
import { customAgentScheduleId } from '../../schema/customAgents/customAgentSchedules';
import { generateKey, type TestKey, topUp } from '../../test/support/accounts';
import { CallbackReceiver } from '../../test/support/callbackReceiver';
import { keyCallId, walletCallId } from '../../test/support/callIds';
import { type LocalChain, startLocalChain } from '../../test/support/localChain';
import { modelEnv } from '../../test/support/modelEnv';
import { type RpcGate, startRpcGate } from '../../test/support/rpcGate';
import { triggerInNewSecond } from '../../test/support/scheduleTrigger';
import { type ScriptedAnswer, startScriptedModelServer } from '../../test/support/scriptedModelServer';
import { linkedPage, SiteServer } from '../../test/support/siteServer';
import { startTestService, type TestService } from '../../test/support/testService';
import { type HistoryRecorder, poll, waitingOn } from './recorder';

/**
 * What `npm run histories:record` drives, group by group: the service's own API and worker (test/support/testService.ts)
 * on the real dev server and a database of their own, with loopback stand-ins for what lies outside (a model
 * provider, a website, the scraping platform, a webhook receiver, a chain). Each group starts what it needs, and
 * terminates whatever it left running on its task queue before it stops.
 */
export interface Group {
  readonly name: string;
  readonly about: string;
  run(rec: HistoryRecorder, say: (line: string) => void): Promise<void>;
}

/** Throwaway values for everything secret the service is given, whatever the shell holds: histories are committed. */
const THROWAWAY = {
  ADMIN_TOKEN: 'histories-admin-token-throwaway',
  WEBHOOK_SIGNING_KEY: 'histories-webhook-signing-key-throwaway-value',
};
const APIFY_TOKEN = 'histories-apify-token-throwaway';

/** The main service's timings: fast retries and claims, a short crawl delay, the scraping platform polled every second. */
const FAST = {
  ...THROWAWAY,
  WEBHOOK_RETRY_FIRST_MS: '200',
  WEBHOOK_RETRY_MAX_INTERVAL_MS: '1000',
  WEBHOOK_RETRY_WINDOW_SECONDS: '5',
  WEBHOOK_TIMEOUT_SECONDS: '2',
  TASK_CLAIM_SECONDS: '2',
  CRAWL_DELAY_MS: '200',
  APIFY_TOKEN,
  APIFY_POLL_SECONDS: '1',
  APIFY_RUN_TIMEOUT_SECONDS: '600',
  CATALOG_PROBE_TIMEOUT_SECONDS: '2',
};

const REVIEW = 'The delivery arrived two weeks late and the box was crushed. Support never answered. I will not order again.';
const DECISION = {
  decision: 'Self-host PostgreSQL',
  pros: ['Full control'],
  cons: ['Operations effort'],
  risks: ['Data loss without tested backups'],
  recommendation: 'Use a managed service until a database engineer joins.',
  confidence: 0.72,
};
const reply = (move: Record<string, unknown>): ScriptedAnswer => ({ text: JSON.stringify(move) });
const answer = (text: string): ScriptedAnswer => reply({ thought: 'I can answer directly.', answer: text });

/** A caller of the API with one key: its calls, and the workflow id each makes. */
function caller(service: TestService, key: TestKey) {
  const send = async (method: string, path: string, body?: unknown, requestId: string = randomUUID(), headers: Record<string, string> = {}) => {
    const response = await fetch(`${service.baseUrl}${path}`, {
      method,
      headers: { 'X-Request-Id': requestId, ...key.auth, ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body: parsed, workflowId: `call-${keyCallId(key.keyId, requestId)}` };
  };
  return {
    send,
    /** A call that must answer 200. */
    async ok(path: string, body: unknown) {
      const answered = await send('POST', path, body);
      if (answered.status !== 200) throw new Error(`${path} answered ${answered.status}: ${JSON.stringify(answered.body).slice(0, 300)}`);
      return answered;
    },
    /** A call whose answer is not awaited (it runs long): its workflow id. */
    started(path: string, body: unknown): string {
      const requestId = randomUUID();
      send('POST', path, body, requestId).catch(() => undefined);
      return `call-${keyCallId(key.keyId, requestId)}`;
    },
  };
}

const typeOn = (service: TestService, type: string, extra = '') => `TaskQueue = "${service.config.taskQueue}" AND WorkflowType = "${type}"${extra}`;

async function withService<T>(rec: HistoryRecorder, start: () => Promise<TestService>, work: (service: TestService) => Promise<T>): Promise<T> {
  const service = await start();
  rec.secret(service.config.adminToken, service.config.webhookSigningKey);
  try {
    return await work(service);
  } finally {
    await service.subscriber.catchUp().catch(() => undefined);
    await rec.sweep(service.client, service.config.taskQueue).catch(() => undefined);
    await service.stop();
  }
}

async function newKey(rec: HistoryRecorder, service: TestService, topUpUsd = 0): Promise<TestKey> {
  const key = await generateKey(service.baseUrl, 'histories');
  rec.secret(key.key);
  if (topUpUsd > 0) {
    const response = await topUp(service.baseUrl, service.config.adminToken, key.key, topUpUsd);
    if (response.status !== 200) throw new Error(`topping up answered ${response.status}`);
  }
  return key;
}

/** Paid calls: the quick path, a model tool, the orchestrations (chain, pipeline, batch, agent, goal), and failures. */
const calls: Group = {
  name: 'calls',
  about: 'toolCall: quick and full paths, a model tool, chain, pipeline, batch, agent loop, goal runner; failed calls',
  async run(rec) {
    const model = await startScriptedModelServer();
    try {
      await withService(
        rec,
        () => startTestService({ env: { ...modelEnv(model.baseUrl), ...FAST } }),
        async (service) => {
          const key = await newKey(rec, service, 5);
          const api = caller(service, key);
          const { client } = service;
          const call = (scenario: string) => ({ type: 'toolCall', scenario });
          await rec.step('a quick offline call', async () => {
            const { workflowId } = await api.ok('/sentiment', { text: 'I love durable workflows.', model: 'local' });
            await rec.closed(client, workflowId, 'completed', call('/sentiment with a key: the quick path (one local activity)'));
          });
          await rec.step('a model tool', async () => {
            model.answer({ text: JSON.stringify(DECISION), usage: { prompt: 120, completion: 40 } });
            const { workflowId } = await api.ok('/decide', { text: 'Should we self-host PostgreSQL?', criteria: ['cost'] });
            await rec.closed(client, workflowId, 'completed', call('/decide on a model provider: reserve, the tool as an activity, settle'));
          });
          await rec.step('a failing offline tool', async () => {
            const { workflowId, status } = await api.send('POST', '/regex', { text: 'invoice numbers', model: 'local' });
            if (status === 200) throw new Error('/regex without examples answered 200');
            await rec.closed(client, workflowId, 'failed', call('/regex without examples: the quick path fails, the call is refunded'));
          });
          await rec.step('a chain', async () => {
            const { workflowId } = await api.ok('/chain', {
              steps: [
                { action: 'summarize', params: { text: REVIEW, format: 'short', model: 'local' } },
                { action: 'sentiment', params: { text: '{{prev_result}}', model: 'local' } },
              ],
            });
            await rec.closed(client, workflowId, 'completed', call('/chain of two offline steps'));
          });
          await rec.step('a chain whose step fails', async () => {
            const { workflowId } = await api.send('POST', '/chain', {
              steps: [
                { action: 'keywords', params: { text: REVIEW, model: 'local' } },
                { action: 'regex', params: { text: 'invoice numbers', model: 'local' } },
              ],
            });
            await rec.closed(client, workflowId, 'failed', call('/chain whose second step fails: refunded'));
          });
          await rec.step('a pipeline', async () => {
            const text = 'Temporal workflows make payment retries durable, while PostgreSQL keeps the ledger.';
            const { workflowId } = await api.ok('/pipeline', {
              steps: [
                { action: 'keywords', params: { text, max_keywords: 3, model: 'local' } },
                { action: 'classify', params: { text, categories: '{{prev.tags}}', model: 'local' } },
              ],
            });
            await rec.closed(client, workflowId, 'completed', call('/pipeline of two offline steps'));
          });
          await rec.step('a batch', async () => {
            const { workflowId } = await api.ok('/batch', {
              requests: [
                { action: 'sentiment', params: { text: 'I love this product!', model: 'local' } },
                { action: 'keywords', params: { text: 'Durable workflows make payments safe to retry.', model: 'local' } },
              ],
            });
            await rec.closed(client, workflowId, 'completed', call('/batch of two operations side by side'));
          });
          await rec.step('an agent loop', async () => {
            model.answer(
              reply({ thought: 'Measure the sentiment first.', tool: 'sentiment', input: { text: REVIEW, model: 'local' } }),
              answer('The customer is unhappy.'),
            );
            const { workflowId } = await api.ok('/agent', { task: `How does this customer feel? ${REVIEW}`, max_steps: 2 });
            await rec.closed(client, workflowId, 'completed', call('/agent: a model turn, a tool, a model turn that answers'));
          });
          await rec.step('a goal runner', async () => {
            model.answer(reply({ steps: [{ tool: 'sentiment', input: { text: REVIEW, model: 'local' }, purpose: 'how the customer feels' }] }), {
              text: 'The customer is unhappy with delivery and support.',
            });
            const { workflowId } = await api.ok('/workflow', { goal: 'How does this customer feel?', context: REVIEW, max_steps: 1 });
            await rec.closed(client, workflowId, 'completed', call('/workflow: a planned step, then the result written'));
          });
        },
      );
    } finally {
      await model.close();
    }
  },
};

/** Async jobs and webhook deliveries: a job with its callback, a failed job, a job still waiting on its call; deliveries. */
const jobsAndWebhooks: Group = {
  name: 'jobs-webhooks',
  about: 'asyncJob (completed, tool failed, waiting on its call), webhookDelivery (delivered after a retry, given up)',
  async run(rec) {
    const [model, receiver] = await Promise.all([startScriptedModelServer(), CallbackReceiver.start()]);
    try {
      await withService(
        rec,
        () => startTestService({ env: { ...modelEnv(model.baseUrl), ...FAST } }),
        async (service) => {
          const key = await newKey(rec, service, 5);
          const api = caller(service, key);
          const { client } = service;
          const submit = async (body: Record<string, unknown>) => {
            const { body: job } = await api.ok('/async/submit', body);
            rec.secret(job.callback_secret);
            return job.job_id as string;
          };
          await rec.step('a job with its callback', async () => {
            const jobId = await submit({ tool: '/sentiment', params: { text: 'I love durable jobs.', model: 'local' }, callback_url: receiver.url('/jobs') });
            await rec.closed(client, `job-${jobId}`, 'completed', { type: 'asyncJob', scenario: '/async/submit of /sentiment with a callback' });
            const [delivery] = await rec.find(client, typeOn(service, 'webhookDelivery', ` AND ExecutionStatus = "Completed"`));
            await rec.closed(client, delivery!.workflowId, 'completed', { type: 'webhookDelivery', scenario: "a job's callback, delivered at once" });
          });
          await rec.step('a job whose tool fails', async () => {
            const jobId = await submit({ tool: 'regex', params: { text: 'invoice numbers', model: 'local' } });
            await rec.closed(client, `job-${jobId}`, 'completed', {
              type: 'asyncJob',
              scenario: "/async/submit whose tool fails: the job records the call's failure",
            });
          });
          await rec.step('a job waiting on its call', async () => {
            model.answer({ text: JSON.stringify(DECISION), delayMs: 600_000 });
            const jobId = await submit({ tool: 'decide', params: { text: 'Should we self-host PostgreSQL?', criteria: ['cost'] } });
            await rec.waiting(
              client,
              `call-job-${jobId}`,
              (events) => waitingOn.activity(events, 'runTool'),
              {
                type: 'toolCall',
                scenario: "a job's call waiting on a slow model (the tool's activity in flight)",
              },
              { keepRunning: true },
            );
            await rec.waiting(
              client,
              `job-${jobId}`,
              waitingOn.child,
              { type: 'asyncJob', scenario: 'a job waiting on its child call' },
              { keepRunning: true },
            );
            // Then cancelled as A2A's CancelTask cancels a queued task (api/a2a/cancelA2aTask.ts): its call is refunded.
            await client.workflow.getHandle(`job-${jobId}`).cancel();
            await rec.closed(client, `call-job-${jobId}`, 'cancelled', {
              type: 'toolCall',
              scenario: "a job's call cancelled while its tool ran: refunded",
            });
            await rec.closed(client, `job-${jobId}`, 'cancelled', {
              type: 'asyncJob',
              scenario: 'a job cancelled while its call ran (A2A CancelTask): recorded failed (cancelled), its call refunded',
            });
          });
          await rec.step('a delivery retried until the receiver answers', async () => {
            await api.ok('/webhooks/register', { url: receiver.url('/flaky') });
            receiver.answerNext('/flaky', { status: 503 });
            const { body } = await api.ok('/webhooks/test-event', {});
            await rec.closed(client, `delivery-${body.deliveries[0].delivery_id}`, 'completed', {
              type: 'webhookDelivery',
              scenario: 'a test event answered 503, then 200 after a back-off timer',
            });
          });
          await rec.step('a delivery given up', async () => {
            await api.ok('/webhooks/register', { url: receiver.url('/broken') });
            receiver.answerAlways('/broken', { status: 500 });
            const { body } = await api.ok('/webhooks/test-event', {});
            await rec.closed(client, `delivery-${body.deliveries[0].delivery_id}`, 'completed', {
              type: 'webhookDelivery',
              scenario: 'a test event answered 500 until the retry window closed (delivered: false)',
            });
          });
        },
      );
    } finally {
      await model.close();
      await receiver.down();
    }
  },
};

/** Custom agents (a run, loop and event schedules, a refused run), the agent network's workflows and search by meaning. */
const agents: Group = {
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

/** Crawls and scraping-platform runs: each completed, failed, and still waiting on its timer. */
const scraping: Group = {
  name: 'scraping',
  about: 'websiteCrawl and actorRun (completed, failed, waiting on a timer) and their parent toolCalls',
  async run(rec) {
    const pages = ['/a', '/b'];
    const site = await SiteServer.start(() => ({
      '/': { body: linkedPage('Start', pages) },
      ...Object.fromEntries(pages.map((path) => [path, { body: linkedPage(`Page ${path}`, []) }])),
    }));
    // A site asking for 30 s between pages (capped at CRAWL_MAX_DELAY_MS): a crawl of it waits on its timer.
    const slowSite = await SiteServer.start(() => ({
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nCrawl-delay: 30\n' },
      '/': { body: linkedPage('Slow start', ['/next']) },
      '/next': { body: linkedPage('Next', []) },
    }));
    const platform = await startScrapingPlatform();
    try {
      await withService(
        rec,
        () => startTestService({ env: { ...modelEnv(), ...FAST, APIFY_BASE_URL: platform.url } }),
        async (service) => {
          const key = await newKey(rec, service, 5);
          const api = caller(service, key);
          const { client } = service;
          const child = (parent: string, prefix: string) => parent.replace(/^call-/, `${prefix}-`);
          await rec.step('a crawl', async () => {
            const { workflowId } = await api.ok('/scrape/website', { url: `${site.base}/`, max_pages: 3, max_depth: 1 });
            await rec.closed(client, child(workflowId, 'crawl'), 'completed', {
              type: 'websiteCrawl',
              scenario: 'three pages, a politeness timer between them',
            });
            await rec.closed(client, workflowId, 'completed', { type: 'toolCall', scenario: '/scrape/website: the crawl as a child workflow' });
          });
          await rec.step('a crawl that fails', async () => {
            const { workflowId } = await api.send('POST', '/scrape/website', { url: `${site.base}/missing`, max_pages: 2, max_depth: 1 });
            await rec.closed(client, child(workflowId, 'crawl'), 'failed', { type: 'websiteCrawl', scenario: 'no page could be read (404)' });
            await rec.closed(client, workflowId, 'failed', { type: 'toolCall', scenario: '/scrape/website whose crawl failed: refunded' });
          });
          await rec.step('a crawl waiting between pages', async () => {
            const parent = api.started('/scrape/website', { url: `${slowSite.base}/`, max_pages: 2, max_depth: 1 });
            await rec.waiting(client, parent, waitingOn.child, { type: 'toolCall', scenario: '/scrape/website waiting on its crawl' }, { keepRunning: true });
            await rec.waiting(
              client,
              child(parent, 'crawl'),
              (events) => waitingOn.timer(events),
              {
                type: 'websiteCrawl',
                scenario: "a crawl waiting out the site's Crawl-delay (a durable timer)",
              },
              { keepRunning: true },
            );
            await client.workflow.getHandle(parent).terminate('recorded for the replay tests');
          });
          await rec.step('a platform run', async () => {
            const { workflowId } = await api.ok('/scrape/actor', { actor: 'acme/places', input: { q: 'coffee' } });
            await rec.closed(client, child(workflowId, 'actor-run'), 'completed', {
              type: 'actorRun',
              scenario: 'started, polled on a timer until it succeeded, dataset read',
            });
            await rec.closed(client, workflowId, 'completed', { type: 'toolCall', scenario: '/scrape/actor: the platform run as a child workflow' });
          });
          await rec.step('a platform run that fails', async () => {
            const { workflowId } = await api.send('POST', '/scrape/actor', { actor: 'acme~failing', input: {} });
            await rec.closed(client, child(workflowId, 'actor-run'), 'failed', { type: 'actorRun', scenario: 'the platform ended the run FAILED' });
            await rec.closed(client, workflowId, 'failed', { type: 'toolCall', scenario: '/scrape/actor whose run failed: refunded' });
          });
          await rec.step('a platform run still going', async () => {
            const parent = api.started('/scrape/actor', { actor: 'acme~slow', input: {} });
            await rec.waiting(
              client,
              child(parent, 'actor-run'),
              (events) => waitingOn.timer(events, 2),
              {
                type: 'actorRun',
                scenario: 'a run the platform still reports RUNNING: polled on a durable timer',
              },
              { keepRunning: true },
            );
            await client.workflow.getHandle(parent).terminate('recorded for the replay tests');
          });
        },
      );
    } finally {
      await Promise.all([site.stop(), slowSite.stop(), platform.stop()]);
    }
  },
};

/** The catalogue's discovery, and the two housekeeping schedules every worker keeps. */
const catalogAndHousekeeping: Group = {
  name: 'catalog-housekeeping',
  about: 'catalogDiscovery (completed, failed), and the workflow of every schedule a worker keeps (purgeExpiredAnswers, purgeExpiredRelayEvents …)',
  async run(rec) {
    const directory = await startDirectory();
    try {
      await withService(
        rec,
        () => startTestService({ env: { ...modelEnv(), ...FAST } }),
        async (service) => {
          const { client } = service;
          const admin = { 'X-Admin-Token': service.config.adminToken, 'Content-Type': 'application/json' };
          const discover = async (sourceUrl: string) => {
            const response = await fetch(`${service.baseUrl}/run-discovery`, {
              method: 'POST',
              headers: admin,
              body: JSON.stringify({ source_url: sourceUrl }),
            });
            const body = (await response.json()) as { workflow_id?: string };
            if (!body.workflow_id) throw new Error(`/run-discovery answered ${response.status}: ${JSON.stringify(body)}`);
            return body.workflow_id;
          };
          await rec.step('a discovery run', async () => {
            const workflowId = await discover(`${directory.url}/list.json`);
            await rec.closed(client, workflowId, 'completed', { type: 'catalogDiscovery', scenario: 'a directory of one API read, imported and probed' });
          });
          await rec.step('a discovery run that fails', async () => {
            const workflowId = await discover(`${directory.url}/missing.json`);
            await rec.closed(client, workflowId, 'failed', { type: 'catalogDiscovery', scenario: 'a directory that cannot be read (404)' }, undefined, 120_000);
          });
          await rec.step('the schedules every worker keeps', async () => {
            // As every worker does at start (workers/main.ts): the call path's schedule, then each feature's; then each
            // triggered once and the run it started recorded (a new feature's schedule is recorded without a change here).
            const schedules = [await ensureAnswerPurgeSchedule(client, service.config)];
            for (const feature of coreFeatures.values()) {
              const id = await feature.schedules?.(client, service.config);
              if (typeof id === 'string') schedules.push(id);
            }
            try {
              for (const id of schedules) {
                const schedule = client.schedule.getHandle(id);
                const { action } = await schedule.describe();
                if (action.type !== 'startWorkflow') continue;
                await schedule.trigger();
                const [run] = await rec.find(client, typeOn(service, action.workflowType, ' AND ExecutionStatus = "Completed"'));
                await rec.closed(client, run!.workflowId, 'completed', { type: action.workflowType, scenario: `the ${id} schedule triggered` });
              }
            } finally {
              for (const id of schedules) {
                await client.schedule
                  .getHandle(id)
                  .delete()
                  .catch(() => undefined);
              }
            }
          });
        },
      );
    } finally {
      await directory.stop();
    }
  },
};

/**
 * x402 on a local chain (a paid call, credit bought, a settlement the chain cannot take), and what waits long on the
 * service's own timings: a claim's hour, a delivery's first back-off.
 */
const paymentsAndLongWaits: Group = {
  name: 'x402-long-waits',
  about:
    'creditPurchase and toolCall paid with x402 (completed; settling while the chain is down, then settlement unavailable), taskClaimExpiry (waiting, cancelled), webhookDelivery (waiting)',
  async run(rec, say) {
    let local: LocalChain | undefined;
    let gate: RpcGate | undefined;
    const receiver = await CallbackReceiver.start();
    try {
      try {
        local = await startLocalChain();
        gate = await startRpcGate(local.chain.rpcUrl);
      } catch (error) {
        rec.problems.push(
          `x402: the local chain did not start (${error instanceof Error ? error.message : String(error)}): creditPurchase and x402 calls not recorded`,
        );
        say(`  ✗ the local chain did not start: x402 scenarios skipped`);
      }
      const chain = local && gate ? { local, gate } : undefined;
      // The local chain's keys are throwaway ones, but a history holds no private key whoever's it is.
      rec.secret(local?.chain.payerPrivateKey, local?.chain.facilitatorPrivateKey);
      const x402 = chain
        ? {
            terms: { ...chain.local.terms, maxTimeoutSeconds: 10 },
            facilitator: createSelfHostedFacilitator({
              rpcUrl: chain.gate.url,
              privateKey: chain.local.chain.facilitatorPrivateKey,
              pollingIntervalMs: 100,
              receiptTimeoutMs: 1500,
            }),
            rpcUrl: chain.gate.url,
          }
        : undefined;
      await withService(
        rec,
        () =>
          startTestService({
            env: { ...modelEnv(), ...THROWAWAY, FREE_TIER_DAILY: '0', CALL_TIMEOUT_SECONDS: '3', X402_MAX_TIMEOUT_SECONDS: '10' },
            ...(x402 ? { x402 } : {}),
          }),
        async (service) => {
          const { client } = service;
          const poster = await newKey(rec, service, 1);
          const worker = await newKey(rec, service);
          const api = caller(service, poster);
          await rec.step('a claim waiting out its hour, then its task completed', async () => {
            const posterAgent = (await api.ok('/agents/register', { name: 'poster' })).body.agent_id;
            const workerAgent = (await caller(service, worker).ok('/agents/register', { name: 'worker' })).body.agent_id;
            const { body: task } = await api.ok('/task/submit', { agent_id: posterAgent, title: 'Slow one', reward_usd: 0.01 });
            await caller(service, worker).ok('/task/claim', { agent_id: workerAgent, task_id: task.task_id });
            const timer = `task-${task.task_id}-claim-1`;
            await rec.waiting(
              client,
              timer,
              (events) => waitingOn.timer(events),
              { type: 'taskClaimExpiry', scenario: "a claim's timer waiting (TASK_CLAIM_SECONDS)" },
              { keepRunning: true },
            );
            await caller(service, worker).ok('/task/complete', { agent_id: workerAgent, task_id: task.task_id, result: { done: true } });
            await rec.closed(client, timer, 'cancelled', {
              type: 'taskClaimExpiry',
              scenario: "the task completed before its claim ran out: the timer's workflow cancelled",
            });
          });
          await rec.step('a delivery waiting on its back-off', async () => {
            receiver.answerAlways('/down', { status: 500 });
            await api.ok('/webhooks/register', { url: receiver.url('/down') });
            const { body } = await api.ok('/webhooks/test-event', {});
            await rec.waiting(client, `delivery-${body.deliveries[0].delivery_id}`, (events) => waitingOn.timer(events), {
              type: 'webhookDelivery',
              scenario: 'a delivery answered 500, waiting on its first back-off timer (WEBHOOK_RETRY_FIRST_MS)',
            });
          });
          if (!chain) return;
          const payer = privateKeyToAccount(chain.local.chain.payerPrivateKey);
          const paying = wrapFetchWithPayment(
            fetch,
            new x402Client()
              .register('eip155:*', new ExactEvmScheme(payer))
              .setSpendControls({ allowedAssets: [{ network: 'eip155:8453', asset: chain.local.chain.asset }] }),
          );
          /** A request paid with x402 (the client pays the 402 and repeats it), and the workflow its request id names. */
          const pay = async (path: string, body: unknown) => {
            const requestId = randomUUID();
            const init = { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId }, body: JSON.stringify(body) };
            return { response: await paying(`${service.baseUrl}${path}`, init), callId: walletCallId(payer.address, requestId) };
          };
          await rec.step('a call paid with x402', async () => {
            const { response, callId } = await pay('/sentiment', { text: 'Paid on chain.' });
            if (response.status !== 200) throw new Error(`the paid call answered ${response.status}`);
            await rec.closed(client, `call-${callId}`, 'completed', { type: 'toolCall', scenario: '/sentiment paid with x402: run, then settled on chain' });
          });
          await rec.step('credit bought with x402', async () => {
            const { response, callId } = await pay('/credits/buy', { amount_usd: 0.5, label: 'bought' });
            if (response.status !== 200) throw new Error(`/credits/buy answered ${response.status}`);
            rec.secret(((await response.json()) as { key?: string }).key);
            await rec.closed(client, `purchase-${callId}`, 'completed', {
              type: 'creditPurchase',
              scenario: '/credits/buy: reserved, settled on chain, a new key credited',
            });
          });
          /**
           * A payment whose settlement cannot reach the chain: recorded while its settlement is retried, then, once the
           * confirmation step has begun, the chain answers again past the authorization's validity: nothing landed.
           */
          const unreachable = async (workflowId: string, type: string, activity: string, what: string) => {
            await rec.waiting(
              client,
              workflowId,
              (events) => waitingOn.activity(events, activity),
              { type, scenario: `${what}: its settlement retried while the chain cannot be reached (its history so far)` },
              { keepRunning: true },
            );
            await poll(
              'the settlement to be confirmed on chain instead',
              90_000,
              async () => {
                const events = (await client.workflow.getHandle(workflowId).fetchHistory()).events ?? [];
                return events.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === activity).length >= 2 ? true : undefined;
              },
              500,
            );
            await fetch(chain.local.chain.rpcUrl, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }),
            });
            chain.gate.open();
            await rec.closed(client, workflowId, 'completed', { type, scenario: `${what}: the settlement never landed, confirmed on chain as not paid` });
          };
          await rec.step('a purchase whose settlement cannot reach the chain', async () => {
            chain.gate.closeAt('eth_sendRawTransaction');
            const { response, callId } = await pay('/credits/buy', { amount_usd: 0.25 });
            if (response.status === 200) throw new Error('/credits/buy answered 200 with the chain unreachable');
            await unreachable(`purchase-${callId}`, 'creditPurchase', 'settleCreditPurchase', '/credits/buy (nothing credited, ok: false)');
          });
          await rec.step('a paid call whose settlement cannot reach the chain', async () => {
            chain.gate.closeAt('eth_sendRawTransaction');
            const { response, callId } = await pay('/sentiment', { text: 'Paid while the chain is down.' });
            if (response.status === 200) throw new Error('the paid call answered 200 with the chain unreachable');
            await unreachable(`call-${callId}`, 'toolCall', 'settleX402Call', '/sentiment paid with x402 (result withheld, payment_failed)');
          });
        },
      );
    } finally {
      await receiver.down();
      await gate?.stop();
      await local?.stop();
    }
  },
};

export const GROUPS: readonly Group[] = [calls, jobsAndWebhooks, agents, scraping, catalogAndHousekeeping, paymentsAndLongWaits];

/**
 * A loopback server speaking the scraping platform's REST API (Apify v2) as the adapter uses it: an actor run succeeds
 * after two polls, `acme~failing` fails after two, `acme~slow` never finishes.
 */
async function startScrapingPlatform(): Promise<{ url: string; stop(): Promise<void> }> {
  const runs: { id: string; actor: string; polls: number; aborted: boolean }[] = [];
  const dataOf = (run: (typeof runs)[number]) => {
    const status = run.aborted ? 'ABORTED' : run.actor === 'acme~slow' || run.polls < 2 ? 'RUNNING' : run.actor === 'acme~failing' ? 'FAILED' : 'SUCCEEDED';
    return {
      data: {
        id: run.id,
        actId: run.actor,
        status,
        statusMessage: status === 'FAILED' ? 'The actor crashed: input URL unreachable' : null,
        startedAt: '2025-01-01T00:00:00.000Z',
        finishedAt: status === 'RUNNING' ? null : '2025-01-01T00:00:09.000Z',
        defaultDatasetId: `ds-${run.id}`,
      },
    };
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://platform');
    const send = (status: number, body: unknown) => response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    request.resume();
    request.on('end', () => {
      if (request.headers.authorization !== `Bearer ${APIFY_TOKEN}`) return send(401, { error: { type: 'token-not-valid', message: 'not valid' } });
      const start = /^\/v2\/acts\/([^/]+)\/runs$/.exec(url.pathname);
      if (start && request.method === 'POST') {
        const run = { id: `run${runs.length + 1}`, actor: decodeURIComponent(start[1]!), polls: 0, aborted: false };
        runs.push(run);
        return send(201, dataOf(run));
      }
      const get = /^\/v2\/actor-runs\/([^/]+)(\/abort)?$/.exec(url.pathname);
      const run = get && runs.find((r) => r.id === get[1]);
      if (run && get?.[2]) {
        run.aborted = true;
        return send(200, dataOf(run));
      }
      if (run) {
        run.polls++;
        return send(200, dataOf(run));
      }
      if (/^\/v2\/datasets\/ds-[^/]+\/items$/.test(url.pathname)) return send(200, [{ title: 'Café A', totalScore: 4.6 }]);
      send(404, { error: { type: 'page-not-found', message: 'not here' } });
    });
  });
  return listen(server);
}

/** A catalogue directory on loopback: one API whose OpenAPI document names a server that answers. */
async function startDirectory(): Promise<{ url: string; stop(): Promise<void> }> {
  let base = '';
  const server = http.createServer((request, response) => {
    const send = (status: number, body: unknown) => response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    request.resume();
    request.on('end', () => {
      switch (new URL(request.url ?? '/', 'http://x').pathname) {
        case '/list.json':
          return send(200, {
            'histories.test': {
              preferred: '1',
              versions: { '1': { info: { title: 'Histories' }, updated: '2025-02-01T00:00:00Z', swaggerUrl: `${base}/spec.json` } },
            },
          });
        case '/spec.json':
          return send(200, { openapi: '3.0.0', info: { title: 'Histories', description: 'A test API.' }, servers: [{ url: `${base}/api` }] });
        case '/api':
          return send(200, { ok: true });
        default:
          return send(404, { error: 'not found' });
      }
    });
  });
  const listening = await listen(server);
  base = listening.url;
  return listening;
}

async function listen(server: http.Server): Promise<{ url: string; stop(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
