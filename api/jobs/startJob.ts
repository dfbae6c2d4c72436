import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { priceFor } from '../../activities/billing/pricing';
import { signingSecret } from '../../activities/deliveries/signingSecret';
import { finishJob } from '../../activities/jobs/finishJob';
import { submitJob } from '../../activities/jobs/submitJob';
import { checkDestination } from '../../activities/net/checkDestination';
import { UnsafeUrl } from '../../activities/net/safeFetch';
import { LIVE_SCHEMA } from '../../activities/projections';
import type { AsyncJobRequest, JobVariant } from '../../schema/jobs';
import type { ToolEntry } from '../../schema/registry/types';
import { searchAttributes } from '../../schema/searchAttributes';
import { BadRequest, ServiceUnavailable } from '../errors/httpErrors';
import type { InlineContext } from '../inline/inlineHandler';
import { executionFor } from '../middleware/chooseModel';
import { offerFor } from '../payments/paymentOffer';
import { paymentRequired } from '../payments/paymentRequired';
import { jobIdOf } from './jobId';

export interface JobOrder {
  readonly variant: JobVariant;
  readonly entry: ToolEntry;
  /** The tool's input, validated against its schema. */
  readonly input: Record<string, unknown>;
  readonly callbackUrl?: string;
}

/**
 * Accepts a job: refuses a model it cannot run, an unsafe callback URL or a balance that cannot pay for the tool
 * (the reservation in the child call is what really guards it), records the job as pending, starts `job-<jobId>`
 * and answers at once.
 */
export async function startJob(order: JobOrder, ctx: InlineContext): Promise<Record<string, unknown>> {
  const { deps, state, docs } = ctx;
  const { config, store } = deps;
  const caller = state.caller;
  if (caller?.kind !== 'key') throw new Error('requireKey() must run before job handlers');
  const { entry, input, callbackUrl, variant } = order;

  // As for a direct call: an unknown model is a 400, a model nobody configured a 503, before anything is held.
  const execution = executionFor(entry, deps, input.model as string | undefined, docs);
  if (callbackUrl !== undefined) await refuseUnsafe(callbackUrl, config.allowLocalHttp, docs);
  const balance = await store.db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('balances')
    .select('available_micros')
    .where('account_id', '=', caller.accountId)
    .executeTakeFirst();
  const available = balance?.available_micros ?? 0;
  const { price } = priceFor(entry.price, available, config);
  if (available < price)
    throw paymentRequired(offerFor(deps, entry.path, entry.summary), `insufficient balance for this job (${entry.name})`, price, available);

  const jobId = jobIdOf(caller.accountId, state.requestId);
  const submitted = await submitJob(store, {
    jobId,
    accountId: caller.accountId,
    keyId: caller.keyId,
    variant,
    tool: entry.name,
    callbackUrl,
    requestId: state.requestId,
    ip: state.clientIp,
  });
  const request: AsyncJobRequest = {
    jobId,
    accountId: caller.accountId,
    variant,
    callbackUrl,
    call: {
      callId: `job-${jobId}`,
      requestId: state.requestId,
      tool: entry.name,
      execution,
      input,
      payer: { kind: 'key', id: caller.accountId },
      pricing: 'flat',
      listPriceMicros: entry.price,
    },
  };
  if (!submitted.repeated || (await stillPending(ctx, jobId))) await startWorkflow(ctx, request);

  return {
    job_id: jobId,
    status: variant === 'text-generate' ? 'queued' : 'pending',
    created_at: submitted.createdAt.toISOString(),
    webhook_url: callbackUrl ?? null,
    callback_secret: callbackUrl ? signingSecret(config.webhookSigningKey, { kind: 'job', id: jobId }) : null,
    tool: entry.name,
    status_url: `${config.publicBaseUrl}/async/status/${jobId}`,
  };
}

async function refuseUnsafe(url: string, allowLocalHttp: boolean, docs: string): Promise<void> {
  try {
    await checkDestination(url, allowLocalHttp);
  } catch (error) {
    if (!(error instanceof UnsafeUrl)) throw error;
    throw new BadRequest(`callback URL refused: ${error.message}`, 'Use an https URL on a public address.', docs);
  }
}

async function stillPending(ctx: InlineContext, jobId: string): Promise<boolean> {
  const row = await ctx.deps.store.db.withSchema(LIVE_SCHEMA).selectFrom('jobs').select('status').where('job_id', '=', jobId).executeTakeFirst();
  return row?.status === 'pending';
}

async function startWorkflow(ctx: InlineContext, request: AsyncJobRequest): Promise<void> {
  const { deps } = ctx;
  const payerTag = `key:${request.accountId}`;
  try {
    await deps.temporal.client.workflow.start('asyncJob', {
      workflowId: `job-${request.jobId}`,
      taskQueue: deps.config.taskQueue,
      args: [request],
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      requestEagerStart: deps.temporal.eagerStart,
      typedSearchAttributes: [
        { key: searchAttributes.tool, value: request.call.tool },
        { key: searchAttributes.payer, value: payerTag },
        { key: searchAttributes.paymentMethod, value: 'key' },
      ],
      memo: { requestId: request.call.requestId, tool: request.call.tool, payer: payerTag, jobId: request.jobId },
    });
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return;
    // Nothing ran and nothing was charged: say so on the job, so it does not wait as pending for ever.
    await finishJob(deps.store, request.jobId, { status: 'failed', error: 'the job could not be started', code: 'NotStarted' });
    throw new ServiceUnavailable('the job could not be started; nothing was charged', 5, 'unavailable', { job_id: request.jobId });
  }
}
