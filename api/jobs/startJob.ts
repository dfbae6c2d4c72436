import { refusedDestination } from '../errors/refusedDestination';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { priceFor } from '../../core/ledger/pricing';
import { signingSecret } from '../../core/webhooks/signingSecret';
import { finishJob } from '../../core/jobs/finishJob';
import { submitJob } from '../../core/jobs/submitJob';
import { checkDestination } from '../../core/net/checkDestination';
import { UnsafeUrl } from '../../core/net/safeFetch';
import { availableBalance } from '../../core/ledger/availableBalance';
import { LIVE_SCHEMA } from '../../core/projections';
import type { AsyncJobRequest, JobVariant } from '../../schema/jobs/jobRequests';
import type { WorkflowToolEntry } from '../../schema/registry';
import { callSearchAttributes } from '../../schema/searchAttributes';
import type { asyncJob } from '../../workflows/jobs/asyncJob';
import { insufficientBalance } from '../calls/paymentRefusals';
import { prepareCall } from '../calls/prepareCall';
import type { AppDeps } from '../deps';
import { ServiceUnavailable } from '../errors/httpErrors';
import { reusedKey } from '../idempotency/keyConflicts';
import { requestFingerprint } from '../idempotency/requestFingerprint';
import type { InlineContext } from '../inline/inlineHandler';
import { jobIdOf } from './jobId';

export interface JobOrder {
  readonly variant: JobVariant;
  readonly entry: WorkflowToolEntry;
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

  const jobId = jobIdOf(caller.accountId, state.requestId);
  // As for a direct call: a bad plan or unknown model is a 400, a model nobody configured a 503, before anything is held.
  const call = await prepareCall(deps, entry, input, {
    channel: 'job',
    callId: `job-${jobId}`,
    requestId: state.requestId,
    clientIp: state.clientIp,
    caller,
  });
  if (callbackUrl !== undefined) await refuseUnsafe(callbackUrl, config.allowLocalHttp, docs);
  // A job answers before it runs, so a key that cannot pay is told now rather than by a failed job (the reservation still decides).
  const available = await availableBalance(store.db, caller.accountId);
  const { price } = priceFor(entry.price, available, config);
  if (available < price) throw insufficientBalance(deps, entry, price, available, { job: true });

  const submitted = await submitJob(store, {
    jobId,
    accountId: caller.accountId,
    keyId: caller.keyId,
    variant,
    tool: entry.name,
    callbackUrl,
    requestId: state.requestId,
    requestHash: requestFingerprint({ variant, tool: entry.name, input, callbackUrl }),
    ip: state.clientIp,
  });
  if ('conflict' in submitted) throw reusedKey(state.idempotencyKey ?? { header: 'X-Request-Id', value: state.requestId }, docs, 'job');
  const request: AsyncJobRequest = {
    jobId,
    accountId: caller.accountId,
    variant,
    callbackUrl,
    call,
  };
  if (!submitted.repeated || (await stillPending(ctx, jobId))) await startJobWorkflow(deps, request);

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
    throw refusedDestination(error, 'callback URL', 'Use an https URL on a public address.', docs);
  }
}

async function stillPending(ctx: InlineContext, jobId: string): Promise<boolean> {
  const row = await ctx.deps.store.db.withSchema(LIVE_SCHEMA).selectFrom('jobs').select('status').where('job_id', '=', jobId).executeTakeFirst();
  return row?.status === 'pending';
}

/**
 * Starts `job-<jobId>` (a second start of the same job is no second run); a job that cannot be started is recorded as
 * failed, so it does not wait as pending for ever, and the caller is told nothing was charged.
 */
export async function startJobWorkflow(deps: AppDeps, request: AsyncJobRequest): Promise<void> {
  const { payer, tool } = request.call;
  try {
    await deps.temporal.client.workflow.start<typeof asyncJob>('asyncJob', {
      workflowId: `job-${request.jobId}`,
      taskQueue: deps.config.taskQueue,
      args: [request],
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      requestEagerStart: deps.temporal.eagerStart,
      typedSearchAttributes: callSearchAttributes({ tool, payer }),
      memo: { requestId: request.call.requestId, tool, payer: `${payer.kind}:${payer.id}`, jobId: request.jobId },
    });
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return;
    await finishJob(deps.store, request.jobId, { status: 'failed', error: 'the job could not be started', code: 'NotStarted' });
    throw new ServiceUnavailable('the job could not be started; nothing was charged', 5, 'service_unavailable', { job_id: request.jobId });
  }
}
