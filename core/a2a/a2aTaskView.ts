import type { A2AMessageJson, A2ATaskOwner } from '../../schema/a2a/a2aEvents';
import type { A2ATaskState, X402PaymentStatus } from '../../schema/a2a/protocol';
import { CallErrors } from '../../schema/calls';
import { type Payer, streams } from '../../schema/events';
import type { Db } from '../db/createDb';
import { readStream, type StoredEvent } from '../eventStore';

/** A job whose call its reservation refused (the balance, the key's spend limit, the key itself): A2A's rejected. */
const RESERVATION_REFUSALS = new Set<string>([CallErrors.insufficientFunds, CallErrors.spendLimit, CallErrors.keyRefused]);

/** What an A2A task is now, read from its own stream, its job's and (for an x402 receipt) its call's. */
export interface A2ATaskView {
  readonly taskId: string;
  readonly contextId: string;
  readonly owner: A2ATaskOwner;
  readonly agentId?: string;
  readonly skill: string;
  /** Fingerprint of what the opening message asked: the same message id asking something else is not this task. */
  readonly requestHash: string;
  readonly state: A2ATaskState;
  /** When the task came to its present state. */
  readonly stateAt: Date;
  readonly history: readonly A2AMessageJson[];
  readonly jobId?: string;
  readonly payer?: Payer;
  readonly result?: { readonly output: Record<string, unknown>; readonly model: string; readonly chargedMicros: number };
  /** Why it failed or was refused: the job's error and code, or the HTTP refusal's status and body. */
  readonly error?: { readonly message: string; readonly code?: string; readonly status?: number; readonly body?: Record<string, unknown> };
  /** The A2A x402 extension's view, for a task that asks for or was paid by an x402 payment. */
  readonly payment?: {
    readonly status: X402PaymentStatus;
    readonly required?: Record<string, unknown>;
    readonly refusal?: { readonly reason: string; readonly message: string };
    readonly receipt?: { readonly transaction: string; readonly network: string; readonly payer: string };
  };
}

/**
 * The task as its events tell it (a pure fold): opened → input-required while it waits for a payment, rejected or
 * canceled before it ran, or queued as a job, whose events say the rest (submitted → working → completed | failed, a
 * cancelled job canceled, a reservation refused at run time rejected). Undefined for a task that was never opened.
 */
export function foldA2aTask(
  taskEvents: readonly StoredEvent[],
  jobEvents: readonly StoredEvent[],
  callEvents: readonly StoredEvent[],
): A2ATaskView | undefined {
  const opened = taskEvents.find((e) => e.type === 'A2ATaskOpened');
  if (opened?.type !== 'A2ATaskOpened') return undefined;
  const { taskId, contextId, owner, agentId, skill, message, requestHash } = opened.data;
  let view: Mutable<A2ATaskView> = {
    taskId,
    contextId,
    owner,
    ...(agentId ? { agentId } : {}),
    skill,
    requestHash,
    state: 'submitted',
    stateAt: opened.recordedAt,
    history: [message],
  };
  const moved = (state: A2ATaskState, at: Date, more: Partial<A2ATaskView> = {}) => (view = { ...view, ...more, state, stateAt: at });
  for (const event of taskEvents) {
    switch (event.type) {
      case 'A2APaymentRequested': {
        const { paymentRequired: required, refusal, message: sent } = event.data;
        moved('input-required', event.recordedAt, {
          history: sent ? [...view.history, sent] : view.history,
          payment: { status: refusal ? 'payment-failed' : 'payment-required', required, ...(refusal ? { refusal } : {}) },
        });
        break;
      }
      case 'A2ATaskQueued': {
        const { jobId, payer, message: sent } = event.data;
        // An x402 payment was verified (signature, amount, nonce, funds) before the task was queued; it settles once the tool has run.
        moved('submitted', event.recordedAt, {
          jobId,
          payer,
          history: sent ? [...view.history, sent] : view.history,
          payment: payer.kind === 'x402' ? { status: 'payment-verified' } : undefined,
        });
        break;
      }
      case 'A2ATaskRejected':
        moved('rejected', event.recordedAt, {
          error: { message: String(event.data.error.error ?? 'refused'), status: event.data.status, body: event.data.error },
        });
        break;
      case 'A2ATaskCanceled':
        moved('canceled', event.recordedAt, { payment: undefined });
        break;
    }
  }
  if (!view.jobId) return withoutUndefined(view);
  for (const event of jobEvents) {
    switch (event.type) {
      case 'JobStarted':
        moved('working', event.recordedAt);
        break;
      case 'JobCompleted': {
        const { result: output, model, chargedMicros } = event.data;
        const paid = callEvents.find((e) => e.type === 'ToolCallCompleted');
        const receipt = paid?.type === 'ToolCallCompleted' ? paid.data.payment : undefined;
        moved('completed', event.recordedAt, {
          result: { output, model, chargedMicros },
          ...(view.payment ? { payment: { status: 'payment-completed', ...(receipt ? { receipt } : {}) } } : {}),
        });
        break;
      }
      case 'JobFailed': {
        const { error: message, code } = event.data;
        const state = code === CallErrors.cancelled ? 'canceled' : RESERVATION_REFUSALS.has(code) ? 'rejected' : 'failed';
        moved(state, event.recordedAt, {
          error: { message, code },
          ...(view.payment ? { payment: { status: 'payment-failed', refusal: { reason: code, message } } } : {}),
        });
        break;
      }
    }
  }
  return withoutUndefined(view);
}

/** A task read from the log (three small streams at most), so every replica answers the same; undefined if there is none. */
export async function readA2aTask(db: Db, taskId: string): Promise<A2ATaskView | undefined> {
  const taskEvents = await readStream(db, streams.a2aTask(taskId));
  const queued = taskEvents.find((e) => e.type === 'A2ATaskQueued');
  if (queued?.type !== 'A2ATaskQueued') return foldA2aTask(taskEvents, [], []);
  const { jobId, payer } = queued.data;
  const jobEvents = await readStream(db, streams.job(jobId));
  // Only an x402 payment leaves a receipt, on the job's call.
  const callEvents = payer.kind === 'x402' && jobEvents.some((e) => e.type === 'JobCompleted') ? await readStream(db, streams.call(`job-${jobId}`)) : [];
  return foldA2aTask(taskEvents, jobEvents, callEvents);
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function withoutUndefined(view: A2ATaskView): A2ATaskView {
  return Object.fromEntries(Object.entries(view).filter(([, value]) => value !== undefined)) as unknown as A2ATaskView;
}
