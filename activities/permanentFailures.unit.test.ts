import { ApplicationFailure } from '@temporalio/common';
import { PERMANENT_DATA_ERROR, withPermanentFailures } from './permanentFailures';

/** An error as pg raises it for a value PostgreSQL refuses. */
function postgresError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR' });
}

describe('activity retry classification', () => {
  it('makes a PostgreSQL data exception non-retryable, so no activity retries it for a day', async () => {
    const activities = withPermanentFailures({
      finishJob: async () => {
        throw postgresError('22P05', 'unsupported Unicode escape sequence');
      },
    });
    const failure = await activities.finishJob().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: PERMANENT_DATA_ERROR, nonRetryable: true, message: expect.stringContaining('22P05') });
  });

  it('leaves transient errors (a lost connection, a serialisation conflict) to the retry policy', async () => {
    for (const error of [Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), postgresError('40001', 'could not serialize')]) {
      const activities = withPermanentFailures({
        settle: async () => {
          throw error;
        },
      });
      await expect(activities.settle()).rejects.toBe(error);
    }
  });

  it('passes results and arguments through untouched', async () => {
    const activities = withPermanentFailures({ add: async (a: number, b: number) => a + b });
    await expect(activities.add(2, 3)).resolves.toBe(5);
  });
});
