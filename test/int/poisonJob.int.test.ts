import { submitJob } from '../../core/jobs/submitJob';
import { readStream } from '../../core/eventStore';
import type { AsyncJobRequest } from '../../schema/jobs/jobRequests';
import type { asyncJob } from '../../workflows/jobs/asyncJob';
import { balanceRow, generateKey } from '../support/accounts';
import { CallbackReceiver } from '../support/callbackReceiver';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

/**
 * Issue 16, finding 1: a job whose result PostgreSQL cannot store (here a NUL the edge would now refuse, sent
 * straight to the workflow as any other way in could) must fail, be refunded and call back — not settle and then
 * retry storing the result for ever.
 */
let service: TestService;
let receiver: CallbackReceiver;
beforeAll(async () => {
  [service, receiver] = await Promise.all([startTestService({ env: modelEnv() }), CallbackReceiver.start()]);
});
afterAll(async () => {
  await service.stop();
  await receiver.down();
});

it('fails a job whose result cannot be stored, refunds it and calls back with failed', async () => {
  const key = await generateKey(service.baseUrl, 'poison');
  const accountId = key.keyId;
  const before = (await balanceRow(service.database.db, accountId)).available_micros;
  const jobId = `job_poison_${Date.now()}`;
  const callbackUrl = receiver.url('/poison');
  const requestId = `poison-${jobId}`;
  await submitJob(service.database.store, {
    jobId,
    accountId,
    keyId: key.keyId,
    variant: 'submit',
    tool: 'sentiment',
    callbackUrl,
    requestId,
    requestHash: 'poison',
    ip: '127.0.0.1',
  });
  const request: AsyncJobRequest = {
    jobId,
    accountId,
    variant: 'submit',
    callbackUrl,
    call: {
      callId: `job-${jobId}`,
      requestId,
      tool: 'sentiment',
      execution: 'local-activity',
      input: { text: 'a\u0000b' },
      payer: { kind: 'key', id: accountId },
      pricing: 'flat',
      listPriceMicros: 5000,
    },
  };
  const handle = await service.client.workflow.start<typeof asyncJob>('asyncJob', {
    workflowId: `job-${jobId}`,
    taskQueue: service.config.taskQueue,
    args: [request],
  });

  const outcome = await Promise.race([handle.result(), new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 30_000))]);
  expect(outcome).toMatchObject({ status: 'failed', code: 'InvalidInput', error: expect.stringContaining('NUL') });

  const callTypes = (await readStream(service.database.db, `call-job-${jobId}`)).map((e) => e.type);
  expect(callTypes).toEqual(['ToolCallStarted', 'ToolCallFailed']);
  expect((await balanceRow(service.database.db, accountId)).available_micros).toBe(before);

  const status = await json(fetch(`${service.baseUrl}/async/status/${jobId}`, { headers: key.auth }));
  expect(status).toMatchObject({ job_id: jobId, status: 'failed' });
  const callback = await waitFor(async () => receiver.calls.find((c) => c.path === '/poison'), 'the failed callback');
  expect(JSON.parse(callback.body)).toMatchObject({ job_id: jobId, status: 'failed' });
}, 60_000);
