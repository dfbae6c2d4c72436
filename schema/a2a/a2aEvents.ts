import type { Owner } from '../agentNetwork';
import type { Payer } from '../events';

/**
 * Who an A2A task belongs to: the key's account or the wallet session that sent it (`key:…`, `wallet:…`, as agents are
 * owned), or for a caller with neither the client IP (`ip:…`, the free tier's identity), whoever pays.
 */
export type A2ATaskOwner = Owner | `ip:${string}`;

/** A message as A2A's JSON carries it (lf.a2a.v1.Message in ProtoJSON), kept as the task's history. */
export type A2AMessageJson = Record<string, unknown>;

/**
 * An A2A task on its `a2atask-<taskId>` stream. Its work is an async job (`job-<jobId>`, named by A2ATaskQueued), so the
 * job's events say how it runs and ends and the money moves on the job's call, as for any call. The messages are kept
 * because A2A serves them back as the task's history (an x402 payment in them is not: it is a bearer instrument).
 */
export interface A2AEvents {
  /** A message opened the task: who sent it, by which endpoint (a custom agent's own, or the service's), for what skill. */
  A2ATaskOpened: {
    taskId: string;
    contextId: string;
    owner: A2ATaskOwner;
    /** The custom agent whose own endpoint the message came by; absent for the service's endpoint. */
    agentId?: string;
    /** The registry tool the task runs. */
    skill: string;
    message: A2AMessageJson;
    /** Fingerprint of what was asked: the same message id asking something else is refused, not merged. */
    requestHash: string;
  };
  /** The task waits for an x402 payment (the A2A x402 extension): the PaymentRequired, and why a payment sent was refused. */
  A2APaymentRequested: { taskId: string; paymentRequired: Record<string, unknown>; refusal?: { reason: string; message: string }; message?: A2AMessageJson };
  /** Handed to its async job, paid by `payer`: the durable task → job mapping every replica reads. */
  A2ATaskQueued: { taskId: string; jobId: string; payer: Payer; message?: A2AMessageJson };
  /** Refused before anything ran (a balance too small, another owner's agent, a setting this deployment lacks): nothing was charged. */
  A2ATaskRejected: { taskId: string; status: number; error: Record<string, unknown> };
  /** Cancelled while it waited for a payment; a queued task's cancellation is its job's (JobFailed, code Cancelled). */
  A2ATaskCanceled: { taskId: string };
}
