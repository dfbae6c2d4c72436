import { at, recorded, resetScenario, rowsAfter } from '../../test/support/projectionScenario';
import { jobs } from './jobsProjection';

beforeEach(resetScenario);

const submitted = (callbackUrl?: string) =>
  recorded('JobSubmitted', {
    jobId: 'j1',
    accountId: 'acct-1',
    keyId: 'k1',
    variant: 'submit',
    tool: 'summarize',
    requestId: 'r1',
    ...(callbackUrl ? { callbackUrl } : {}),
  });

describe('jobs projection', () => {
  it('given nothing, when a job is submitted, then it is pending for its account', () => {
    expect(rowsAfter(jobs, [], [submitted('https://cb.example.com/done')])).toEqual([
      {
        job_id: 'j1',
        account_id: 'acct-1',
        variant: 'submit',
        tool: 'summarize',
        status: 'pending',
        callback_url: 'https://cb.example.com/done',
        result: null,
        error: null,
        model: null,
        charged_micros: 0,
        created_at: at(0),
        started_at: null,
        completed_at: null,
      },
    ]);
  });

  it('given a submitted job, when it starts and completes, then it holds the result, model and charge', () => {
    const given = [submitted()];
    const when = [
      recorded('JobStarted', { jobId: 'j1' }),
      recorded('JobCompleted', { jobId: 'j1', result: { summary: 'short' }, model: 'local/textrank', tokensUsed: 40, chargedMicros: 10_000 }),
    ];
    expect(rowsAfter(jobs, given, when)).toMatchObject([
      {
        status: 'completed',
        callback_url: null,
        result: { summary: 'short' },
        model: 'local/textrank',
        charged_micros: 10_000,
        started_at: at(1),
        completed_at: at(2),
      },
    ]);
  });

  it('given a running job, when it fails, then it holds the error and no charge', () => {
    const given = [submitted(), recorded('JobStarted', { jobId: 'j1' })];
    const when = [recorded('JobFailed', { jobId: 'j1', error: 'the model is unavailable', code: 'ModelUnavailable' })];
    expect(rowsAfter(jobs, given, when)).toMatchObject([{ status: 'failed', error: 'the model is unavailable', charged_micros: 0, completed_at: at(2) }]);
  });
});
