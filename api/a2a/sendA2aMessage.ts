import { RequestMalformedError, UnsupportedOperationError } from '@a2a-js/sdk/errors';
import { cancelWaitingA2aTask, queuePaidA2aTask, refuseA2aTaskPayment } from '../../core/a2a/payWaitingA2aTask';
import { openA2aTask, type A2ATaskStart } from '../../core/a2a/openA2aTask';
import { a2aContextId, a2aTaskId } from '../../core/a2a/a2aTaskIds';
import { readA2aTask, type A2ATaskView } from '../../core/a2a/a2aTaskView';
import type { JobSubmission } from '../../core/jobs/submitJob';
import type { A2AMessageJson, A2ATaskOwner } from '../../schema/a2a/a2aEvents';
import { TERMINAL_STATES, X402_METADATA } from '../../schema/a2a/protocol';
import type { ToolCallRequest } from '../../schema/calls';
import { prepareCall } from '../calls/prepareCall';
import { requestFingerprint } from '../idempotency/requestFingerprint';
import { HttpError, ServiceUnavailable } from '../errors/httpErrors';
import { jobIdOf } from '../jobs/jobId';
import { startJobWorkflow } from '../jobs/startJob';
import { type A2ARequest, a2aTaskOwnerOf } from './a2aSender';
import { ownedA2aTask } from './ownedA2aTask';
import { type Ask, paymentIn, readAsk, storableMessage } from './readAsk';
import { paymentHeaders, paymentRequiredOf } from './x402Extension';

/**
 * SendMessage: a message without a task id opens a task (its id made from the sender and the message id, so sending
 * it again finds it); one naming a task that waits for its payment pays it. Either way the work is an async job
 * prepared through the one call path (prepareCall: who pays, the caller's mistakes, what this deployment lacks),
 * recorded beside the task in one transaction and run as `job-<jobId>`. Returns the task as it now is.
 */
export async function sendA2aMessage(request: A2ARequest, message: A2AMessageJson, requestMetadata: unknown): Promise<A2ATaskView> {
  if (typeof message.taskId === 'string' && message.taskId !== '') return payWaitingA2aTask(request, message);
  const messageId = message.messageId;
  if (typeof messageId !== 'string' || messageId === '') throw new RequestMalformedError('message.messageId is required: a client makes one per message');
  const ask = readAsk(request.endpoint, message, requestMetadata, request.docs);
  const owner = a2aTaskOwnerOf(request);
  const agentId = request.endpoint.kind === 'agent' ? request.endpoint.agentId : undefined;
  const taskId = a2aTaskId(owner, agentId ?? '', messageId);
  const requestHash = requestFingerprint({ skill: ask.entry.name, input: ask.input });
  const jobId = jobIdOf(owner, `a2a:${taskId}`);

  const existing = await readA2aTask(request.deps.store.db, taskId);
  if (existing) return sentAgain(request, existing, ask, requestHash, jobId, message);
  // Who pays, or why it cannot run now (a payment to ask for, a refusal), is settled before anything is recorded.
  const { start, call } = await startOf(request, ask, { jobId, owner, requestHash }, paymentIn(message));
  const opened = await openA2aTask(
    request.deps.store,
    {
      taskId,
      contextId: typeof message.contextId === 'string' && message.contextId ? message.contextId : a2aContextId(taskId),
      owner,
      ...(agentId ? { agentId } : {}),
      skill: ask.entry.name,
      message: storableMessage(message),
      requestHash,
      requestId: request.requestId,
      ip: request.clientIp,
    },
    start,
  );
  if (opened === 'conflict') throw conflict(messageId);
  if (opened === 'opened' && call && start.kind === 'queued') await startJob(request, start.job, call);
  return (await readA2aTask(request.deps.store.db, taskId))!;
}

/** The same message again finds its task (a job whose start was lost is started now); another ask under its id is refused. */
async function sentAgain(
  request: A2ARequest,
  existing: A2ATaskView,
  ask: Ask,
  requestHash: string,
  jobId: string,
  message: A2AMessageJson,
): Promise<A2ATaskView> {
  if (existing.requestHash !== requestHash) throw conflict(String(message.messageId));
  if (existing.state !== 'submitted' || !existing.jobId) return existing;
  const { start, call } = await startOf(request, ask, { jobId, owner: existing.owner, requestHash }, paymentIn(message));
  if (call && start.kind === 'queued') await startJob(request, start.job, call);
  return (await readA2aTask(request.deps.store.db, existing.taskId)) ?? existing;
}

/**
 * A message naming a task that waits for a payment: the payment is checked as an HTTP one is, and the task queued; a
 * refused payment leaves it waiting with the reason. A refusal a payment does not mend (a setting this deployment lacks,
 * the facilitator unreachable) is the request's error, and the task goes on waiting.
 */
async function payWaitingA2aTask(request: A2ARequest, message: A2AMessageJson): Promise<A2ATaskView> {
  const view = await ownedA2aTask(request, String(message.taskId));
  if (TERMINAL_STATES.includes(view.state)) {
    throw new UnsupportedOperationError(`Task ${view.taskId} is in a terminal state (${view.state}) and cannot be modified.`);
  }
  if (view.state !== 'input-required') throw new UnsupportedOperationError(`Task ${view.taskId} is ${view.state}: it takes no more messages.`);
  const from = { owner: view.owner, requestId: request.requestId, ip: request.clientIp };
  const metadata = (message.metadata ?? {}) as Record<string, unknown>;
  if (metadata[X402_METADATA.status] === 'payment-rejected') {
    await cancelWaitingA2aTask(request.deps.store, view.taskId, from);
    return (await readA2aTask(request.deps.store.db, view.taskId))!;
  }
  const payment = paymentIn(message);
  if (payment === undefined) {
    throw new RequestMalformedError(`Task ${view.taskId} waits for an x402 payment: send the signed PaymentPayload in metadata["${X402_METADATA.payload}"].`);
  }
  // What the task asks is read again from its opening message, for the skill it was opened with.
  const ask = readAsk(request.endpoint, view.history[0]!, { skill: view.skill }, request.docs);
  const jobId = jobIdOf(view.owner, `a2a:${view.taskId}`);
  const { start, call, refused } = await startOf(request, ask, { jobId, owner: view.owner, requestHash: view.requestHash }, payment);
  if (refused) throw refused;
  if (start.kind === 'payment') {
    const refusal = start.refusal ?? { reason: 'payment_required', message: String(start.paymentRequired.error ?? 'payment required') };
    await refuseA2aTaskPayment(request.deps.store, view.taskId, { paymentRequired: start.paymentRequired, refusal, message: storableMessage(message) }, from);
  } else if (start.kind === 'queued' && call) {
    const queued = await queuePaidA2aTask(request.deps.store, view.taskId, { job: start.job, payer: start.payer, message: storableMessage(message) }, from);
    if (queued) await startJob(request, start.job, call);
  }
  return (await readA2aTask(request.deps.store.db, view.taskId))!;
}

/**
 * How a task starts, decided by the one call path: queued with the call prepareCall built (a key, the free tier, or an
 * x402 payment verified), waiting for a payment when the refusal offers one to a caller without a key, or refused. The
 * caller's own mistakes (400: an unknown skill, a bad input, an undecodable payment) are errors, not tasks.
 */
async function startOf(
  request: A2ARequest,
  ask: Ask,
  task: { readonly jobId: string; readonly owner: A2ATaskOwner; readonly requestHash: string },
  payment: unknown,
): Promise<{ start: A2ATaskStart; call?: ToolCallRequest; refused?: HttpError }> {
  const { deps, caller } = request;
  const headers = paymentHeaders(payment);
  try {
    const call = await prepareCall(deps, ask.entry, ask.input, {
      channel: 'a2a',
      callId: `job-${task.jobId}`,
      requestId: request.requestId,
      clientIp: request.clientIp,
      caller,
      ...(headers ? { headers } : {}),
    });
    const key = caller?.kind === 'key' ? caller : undefined;
    const job: JobSubmission = {
      jobId: task.jobId,
      accountId: key?.accountId ?? '',
      keyId: key?.keyId ?? '',
      variant: 'a2a',
      tool: ask.entry.name,
      requestId: request.requestId,
      requestHash: task.requestHash,
      ip: request.clientIp,
      actor: task.owner,
    };
    return { start: { kind: 'queued', job, payer: call.payer }, call };
  } catch (error) {
    if (!(error instanceof HttpError) || error.status === 400) throw error;
    // A key pays from its balance whatever else the message carries, so a key holder is refused, not asked to pay.
    const paymentRequired = caller?.kind === 'key' ? null : paymentRequiredOf(error);
    if (!paymentRequired) return { start: { kind: 'rejected', status: error.status, error: error.body() }, refused: error };
    const refusal = headers ? { reason: String(error.fields.reason ?? 'payment_refused'), message: error.message } : undefined;
    return { start: { kind: 'payment', paymentRequired, ...(refusal ? { refusal } : {}) } };
  }
}

/** Runs the task's job; one that cannot be started is recorded as failed (startJobWorkflow), which the task then says. */
async function startJob(request: A2ARequest, job: JobSubmission, call: ToolCallRequest): Promise<void> {
  try {
    await startJobWorkflow(request.deps, { jobId: job.jobId, accountId: job.accountId, variant: 'a2a', call });
  } catch (error) {
    if (!(error instanceof ServiceUnavailable)) throw error;
  }
}

function conflict(messageId: string): Error {
  return new RequestMalformedError(`message ${messageId} was already sent asking something else: a new message needs a new messageId`);
}
