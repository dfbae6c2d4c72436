import { at, recorded, resetScenario } from '../../test/support/projectionScenario';
import { a2aContextId, a2aTaskId } from './a2aTaskIds';
import { foldA2aTask } from './a2aTaskView';

beforeEach(resetScenario);

const message = { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'Summarise this.' }] };
const opened = () =>
  recorded('A2ATaskOpened', { taskId: 't1', contextId: 'c1', owner: 'ip:203.0.113.9', skill: 'summarize', message, requestHash: 'h1' }, 'a2atask-t1');
const required = { x402Version: 2, accepts: [{ scheme: 'exact', amount: '10000' }] };
const queued = (kind: 'key' | 'x402' = 'key') =>
  recorded('A2ATaskQueued', { taskId: 't1', jobId: 'job_1', payer: { kind, id: kind === 'key' ? 'acct-1' : '0xabc' } }, 'a2atask-t1');
const job = {
  started: () => recorded('JobStarted', { jobId: 'job_1' }, 'job-job_1'),
  completed: () =>
    recorded('JobCompleted', { jobId: 'job_1', result: { summary: 'Short.' }, model: 'local/textrank', tokensUsed: 3, chargedMicros: 10_000 }, 'job-job_1'),
  failed: (code: string) => recorded('JobFailed', { jobId: 'job_1', error: 'it broke', code }, 'job-job_1'),
};

describe('an A2A task, folded from its events', () => {
  it('given no opening, then there is no task', () => {
    expect(foldA2aTask([], [], [])).toBeUndefined();
  });

  it('given a task queued as its job, then it follows the job: submitted, working, completed with the result', () => {
    const task = [opened(), queued()];
    expect(foldA2aTask(task, [], [])).toMatchObject({ state: 'submitted', jobId: 'job_1', history: [message], stateAt: at(1) });
    const started = job.started();
    expect(foldA2aTask(task, [started], [])).toMatchObject({ state: 'working', stateAt: at(2) });
    const done = foldA2aTask(task, [started, job.completed()], []);
    expect(done).toMatchObject({ state: 'completed', result: { output: { summary: 'Short.' }, model: 'local/textrank', chargedMicros: 10_000 } });
    expect(done).not.toHaveProperty('payment');
  });

  it('given a job that failed, was cancelled, or could not reserve, then the task is failed, canceled or rejected', () => {
    const task = [opened(), queued()];
    expect(foldA2aTask(task, [job.started(), job.failed('UpstreamFailure')], [])).toMatchObject({
      state: 'failed',
      error: { message: 'it broke', code: 'UpstreamFailure' },
    });
    expect(foldA2aTask(task, [job.failed('Cancelled')], [])?.state).toBe('canceled');
    expect(foldA2aTask(task, [job.failed('InsufficientFunds')], [])?.state).toBe('rejected');
    // A key's spend limit, or the key revoked before the job ran, refuses the reservation the same way.
    expect(foldA2aTask(task, [job.failed('SpendLimitExceeded')], [])?.state).toBe('rejected');
    expect(foldA2aTask(task, [job.failed('KeyRefused')], [])?.state).toBe('rejected');
  });

  it('given a payment asked for, then it is input-required with the requirements; refused, it asks again and says why', () => {
    const asked = recorded('A2APaymentRequested', { taskId: 't1', paymentRequired: required }, 'a2atask-t1');
    expect(foldA2aTask([opened(), asked], [], [])).toMatchObject({ state: 'input-required', payment: { status: 'payment-required', required } });
    const paying = { messageId: 'm2', role: 'ROLE_USER', parts: [{ text: 'Here is the payment.' }] };
    const refused = recorded(
      'A2APaymentRequested',
      { taskId: 't1', paymentRequired: required, refusal: { reason: 'nonce_used', message: 'used' }, message: paying },
      'a2atask-t1',
    );
    expect(foldA2aTask([opened(), asked, refused], [], [])).toMatchObject({
      state: 'input-required',
      history: [message, paying],
      payment: { status: 'payment-failed', refusal: { reason: 'nonce_used' }, required },
    });
  });

  it('given an x402-paid task, then its payment is verified while it runs and completed with the receipt of its call', () => {
    const task = [opened(), recorded('A2APaymentRequested', { taskId: 't1', paymentRequired: required }, 'a2atask-t1'), queued('x402')];
    expect(foldA2aTask(task, [job.started()], [])).toMatchObject({ state: 'working', payment: { status: 'payment-verified' } });
    const receipt = { transaction: '0x01', network: 'eip155:8453', payer: '0xabc' };
    const call = [
      recorded(
        'ToolCallCompleted',
        {
          callId: 'job-job_1',
          tool: 'summarize',
          payer: { kind: 'x402', id: '0xabc' },
          model: 'local/textrank',
          tokens: { input: 1, output: 1 },
          durationMs: 3,
          chargedMicros: 10_000,
          payment: receipt,
        },
        'call-job-job_1',
      ),
    ];
    expect(foldA2aTask(task, [job.started(), job.completed()], call)).toMatchObject({ state: 'completed', payment: { status: 'payment-completed', receipt } });
  });

  it('given a task waiting for payment, when it is cancelled or refused, then it is canceled or rejected for good', () => {
    const asked = recorded('A2APaymentRequested', { taskId: 't1', paymentRequired: required }, 'a2atask-t1');
    expect(foldA2aTask([opened(), asked, recorded('A2ATaskCanceled', { taskId: 't1' }, 'a2atask-t1')], [], [])).toMatchObject({ state: 'canceled' });
    const rejected = recorded('A2ATaskRejected', { taskId: 't1', status: 402, error: { error: 'insufficient balance for this call' } }, 'a2atask-t1');
    expect(foldA2aTask([opened(), rejected], [], [])).toMatchObject({
      state: 'rejected',
      error: { message: 'insufficient balance for this call', status: 402 },
    });
  });
});

describe('task ids', () => {
  it('are UUIDs made from the sender, the endpoint and the message id: the same message finds the same task, another sender another', () => {
    const id = a2aTaskId('key:acct-1', '', 'm1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a2aTaskId('key:acct-1', '', 'm1')).toBe(id);
    expect(a2aTaskId('key:acct-2', '', 'm1')).not.toBe(id);
    expect(a2aTaskId('key:acct-1', 'cag_1', 'm1')).not.toBe(id);
    expect(a2aContextId(id)).not.toBe(id);
  });
});
