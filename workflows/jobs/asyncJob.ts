import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import {
  ApplicationFailure,
  CancellationScope,
  ChildWorkflowFailure,
  executeChild,
  isCancellation,
  ParentClosePolicy,
  proxyLocalActivities,
  startChild,
} from '@temporalio/workflow';
import type { Activities } from '../../activities/createActivities';
import { CallErrors, PAYMENT_FAILED, type ToolCallOutcome } from '../../schema/calls';
import { deliverySearchAttributes } from '../../schema/webhooks/deliveries';
import type { AsyncJobRequest, JobCallOutcome } from '../../schema/jobs/jobRequests';
import { microsToUsd } from '../../schema/money';
import { searchAttributes } from '../../schema/searchAttributes';
import { presets } from '../timeouts';
import { toolCall } from '../toolCall';
import { webhookDelivery } from '../webhooks/webhookDelivery';

const jobLedger = proxyLocalActivities<Activities>(presets.ledger);

/**
 * An async job: the tool call runs as the child workflow `call-job-<jobId>` (reserved, run, settled or refunded
 * exactly as a direct call), the outcome is recorded, then the callback goes out as its own delivery workflow,
 * which outlives this one while it retries. A cancelled job (an A2A CancelTask) cancels its call, which refunds by the
 * call's rules, and is still recorded as ended (failed, code Cancelled), so it never waits as running for ever.
 */
export async function asyncJob(request: AsyncJobRequest): Promise<JobCallOutcome> {
  const { jobId } = request;
  let cancelled: unknown;
  let outcome: JobCallOutcome;
  try {
    await jobLedger.recordJobStarted(jobId);
    outcome = await runCall(request);
  } catch (error) {
    if (!isCancellation(error)) throw error;
    cancelled = error;
    outcome = { status: 'failed', error: 'the job was cancelled before its tool finished', code: CallErrors.cancelled };
  }
  const ended = outcome;
  await CancellationScope.nonCancellable(async () => {
    const callback = await jobLedger.finishJob({ jobId, outcome: ended });
    if (!callback) return;
    try {
      await startChild(webhookDelivery, {
        workflowId: `delivery-${callback.deliveryId}`,
        args: [callback],
        parentClosePolicy: ParentClosePolicy.ABANDON,
        typedSearchAttributes: deliverySearchAttributes(callback),
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  });
  if (cancelled) throw cancelled;
  return outcome;
}

async function runCall(request: AsyncJobRequest): Promise<JobCallOutcome> {
  const { call } = request;
  const payerTag = `${call.payer.kind}:${call.payer.id}`;
  try {
    const outcome = await executeChild(toolCall, {
      workflowId: `call-${call.callId}`,
      args: [call],
      typedSearchAttributes: [
        { key: searchAttributes.tool, value: call.tool },
        { key: searchAttributes.payer, value: payerTag },
        { key: searchAttributes.paymentMethod, value: call.payer.kind },
        { key: searchAttributes.callStatus, value: 'running' },
      ],
      memo: { requestId: call.requestId, tool: call.tool, payer: payerTag, jobId: request.jobId },
    });
    switch (outcome.status) {
      case 'completed':
        return { status: 'completed', output: outcome.output, model: outcome.model, tokens: outcome.tokens, chargedMicros: outcome.chargedMicros };
      case 'rejected':
        return rejectedJob(outcome);
      case 'payment_failed':
        return { status: 'failed', error: outcome.message, code: PAYMENT_FAILED };
      case 'dropped':
        // A job's call has no caller to leave nor a deadline (prepareCall gives neither to jobs): never seen; failed, uncharged, if ever.
        return { status: 'failed', error: `the call was dropped (${outcome.reason}); nothing was charged`, code: CallErrors.internal };
    }
  } catch (error) {
    if (!(error instanceof ChildWorkflowFailure) || isCancellation(error)) throw error;
    const cause = error.cause;
    if (cause instanceof ApplicationFailure) return { status: 'failed', error: cause.message, code: cause.type ?? CallErrors.internal };
    return { status: 'failed', error: cause?.message ?? error.message, code: CallErrors.internal };
  }
}

/** A job whose call was refused before it ran: why, in the job's terms (nothing was charged). */
function rejectedJob(outcome: Extract<ToolCallOutcome, { status: 'rejected' }>): JobCallOutcome {
  switch (outcome.reason) {
    case 'spend_limit':
      return {
        status: 'failed',
        error: `the key's ${outcome.limit?.window ?? 'daily'} spend limit would be passed (the call costs ${microsToUsd(outcome.priceMicros)} USD)`,
        code: CallErrors.spendLimit,
      };
    case 'key_revoked':
    case 'key_expired':
      return {
        status: 'failed',
        error: `the key that submitted the job was ${outcome.reason === 'key_revoked' ? 'revoked' : 'past its expiry'} before it ran`,
        code: CallErrors.keyRefused,
      };
    default:
      return { status: 'failed', error: `insufficient balance: the call costs ${microsToUsd(outcome.priceMicros)} USD`, code: CallErrors.insufficientFunds };
  }
}
