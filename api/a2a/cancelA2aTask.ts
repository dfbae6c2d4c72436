import { TaskNotCancelableError } from '@a2a-js/sdk/errors';
import { WorkflowNotFoundError } from '@temporalio/client';
import { cancelWaitingA2aTask } from '../../core/a2a/payWaitingA2aTask';
import { readA2aTask, type A2ATaskView } from '../../core/a2a/a2aTaskView';
import { finishJob } from '../../core/jobs/finishJob';
import { TERMINAL_STATES } from '../../schema/a2a/protocol';
import { CallErrors } from '../../schema/calls';
import type { A2ARequest } from './a2aSender';
import { followA2aTask } from './followA2aTask';
import { ownedA2aTask } from './ownedA2aTask';

/**
 * CancelTask: a task waiting for its payment is cancelled at once; a queued one by cancelling its job's workflow, whose
 * call stops and is refunded by the call's rules (a key's hold given back, an x402 payment never settled, a free-tier
 * call spent) and whose job is recorded as cancelled. Waits (at most CALL_TIMEOUT_SECONDS) for that to be recorded. A
 * task that ended first is not cancelable; one that finished while it was being cancelled is answered as it ended.
 */
export async function cancelA2aTask(request: A2ARequest, taskId: string): Promise<A2ATaskView> {
  const view = await ownedA2aTask(request, taskId);
  if (TERMINAL_STATES.includes(view.state)) throw new TaskNotCancelableError(`Task ${taskId} is ${view.state}: it cannot be canceled.`);
  const { deps } = request;
  if (!view.jobId) {
    const from = { owner: view.owner, requestId: request.requestId, ip: request.clientIp };
    if (await cancelWaitingA2aTask(deps.store, taskId, from)) return (await readA2aTask(deps.store.db, taskId))!;
    // Paid (and queued) meanwhile: cancelled through its job below.
  }
  const current = (await readA2aTask(deps.store.db, taskId))!;
  if (!current.jobId) return current;
  try {
    await deps.temporal.client.workflow.getHandle(`job-${current.jobId}`).cancel();
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
    // Its workflow never started (the API stopped in between): nothing ran, so the job ends here, once.
    await finishJob(deps.store, current.jobId, { status: 'failed', error: 'the job was cancelled before it started', code: CallErrors.cancelled });
  }
  let last = current;
  for await (const next of followA2aTask(deps, request.hub, current, { signal: request.signal, timeoutMs: deps.config.callTimeoutSeconds * 1000 })) last = next;
  return last;
}
