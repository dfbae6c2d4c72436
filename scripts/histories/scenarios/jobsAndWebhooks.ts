import { CallbackReceiver } from '../../../test/support/callbackReceiver';
import { modelEnv } from '../../../test/support/modelEnv';
import { startScriptedModelServer } from '../../../test/support/scriptedModelServer';
import { startTestService } from '../../../test/support/testService';
import { waitingOn } from '../recorder';
import { caller, DECISION, FAST, type Group, newKey, typeOn, withService } from './shared';

/** Async jobs and webhook deliveries: a job with its callback, a failed job, a job still waiting on its call; deliveries. */
export const jobsAndWebhooks: Group = {
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
