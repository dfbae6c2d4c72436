import { LIVE_SCHEMA } from '../../core/projections';
import { microsToUsd } from '../../schema/money';
import { NotFound } from '../errors/httpErrors';
import type { InlineHandler } from '../inline/inlineHandler';

/** GET /async/status/:job_id: the job as its owner sees it. Anyone else gets the same 404 as for no job at all. */
export const jobStatus: InlineHandler = async (_input, { deps, state, params, docs }) => {
  if (state.caller?.kind !== 'key') throw new Error('requireKey() must run before job handlers');
  const jobId = params.job_id ?? '';
  const job = await deps.store.db.withSchema(LIVE_SCHEMA).selectFrom('jobs').selectAll().where('job_id', '=', jobId).executeTakeFirst();
  if (!job || job.account_id !== state.caller.accountId) throw new NotFound(`no job ${jobId}`, null, docs);
  return {
    job_id: job.job_id,
    status: job.status,
    tool: job.tool,
    created_at: job.created_at.toISOString(),
    started_at: job.started_at?.toISOString() ?? null,
    completed_at: job.completed_at?.toISOString() ?? null,
    webhook_url: job.callback_url,
    ...(job.status === 'completed' ? { result: job.result, model: job.model, cost_usd: microsToUsd(job.charged_micros) } : {}),
    ...(job.status === 'failed' ? { error: job.error } : {}),
  };
};
