import type { JobStatus, JobVariant } from '../../schema/jobs/jobRequests';
import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export interface JobRow {
  job_id: string;
  account_id: string;
  variant: JobVariant;
  tool: string;
  status: JobStatus;
  callback_url: string | null;
  result: Record<string, unknown> | null;
  error: string | null;
  model: string | null;
  charged_micros: number;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
}

type JobEvent = StoredEventOf<'JobSubmitted' | 'JobStarted' | 'JobCompleted' | 'JobFailed'>;

/** Async jobs for GET /async/status. Inline, so a job can be read the moment its submit answers. */
export const jobs: Projection<JobRow> = {
  name: 'jobs',
  version: 1,
  mode: 'inline',
  table: 'jobs',
  columns: {
    job_id: 'text',
    account_id: 'text',
    variant: 'text',
    tool: 'text',
    status: 'text',
    callback_url: 'text',
    result: 'jsonb',
    error: 'text',
    model: 'text',
    charged_micros: 'bigint',
    created_at: 'timestamptz',
    started_at: 'timestamptz',
    completed_at: 'timestamptz',
  },
  key: ['job_id'],
  indexes: [['account_id', 'created_at']],
  handles: ['JobSubmitted', 'JobStarted', 'JobCompleted', 'JobFailed'],
  keysOf: (event) => [{ job_id: (event as JobEvent).data.jobId }],
  initial: (key, event) => ({
    job_id: key.job_id as string,
    account_id: '',
    variant: 'submit',
    tool: '',
    status: 'pending',
    callback_url: null,
    result: null,
    error: null,
    model: null,
    charged_micros: 0,
    created_at: event.recordedAt,
    started_at: null,
    completed_at: null,
  }),
  evolve(row, stored) {
    const event = stored as JobEvent;
    switch (event.type) {
      case 'JobSubmitted':
        return {
          ...row,
          account_id: event.data.accountId,
          variant: event.data.variant,
          tool: event.data.tool,
          callback_url: event.data.callbackUrl ?? null,
          created_at: event.recordedAt,
        };
      case 'JobStarted':
        return { ...row, status: 'running', started_at: event.recordedAt };
      case 'JobCompleted':
        return {
          ...row,
          status: 'completed',
          result: event.data.result,
          model: event.data.model,
          charged_micros: event.data.chargedMicros,
          completed_at: event.recordedAt,
        };
      case 'JobFailed':
        return { ...row, status: 'failed', error: event.data.error, completed_at: event.recordedAt };
    }
  },
};
