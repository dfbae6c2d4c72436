import type { SpendWindow } from './accounts/spendWindows';
import type { Payer, RejectionReason, TokenUsage } from './events';
import type { MeteringRates } from './metering';
import type { OrchestrationKind } from './registry/types';

/** An x402 payment as it crossed HTTP: the header (JSON-safe, unlike the decoded bigints) and what it pays for. */
export interface X402Payment {
  readonly headerName: string;
  readonly header: string;
  /** The price (exact), or the most the call may cost (upto): what the payment was verified against. */
  readonly priceMicros: number;
  readonly resource: string;
  readonly description: string;
  /** An `upto` payment: settled for the call's actual cost through this facilitator (the one the payer named). */
  readonly upto?: { readonly facilitator: string };
  /** The authorization's last valid second (unix): settlement is retried while a transfer of it can still land. */
  readonly validBefore?: number;
}

/** What the API hands a tool-call workflow. Everything the workflow needs is here, so it reads nothing else. */
export interface ToolCallRequest {
  readonly callId: string;
  readonly requestId: string;
  readonly tool: string;
  readonly execution: 'local-activity' | 'activity';
  /** Orchestration endpoints: the kind of plan the workflow runs between reservation and settlement (the entry's). */
  readonly orchestration?: OrchestrationKind;
  readonly input: Record<string, unknown>;
  readonly payer: Payer;
  readonly pricing: 'flat' | 'metered' | 'free';
  /** The list price (flat), or the most the call can cost (metered: reserved, then settled by tokens). */
  readonly listPriceMicros: number;
  /** X-Pricing: metered — how tokens become the charge. */
  readonly metering?: MeteringRates;
  /** Verified by the API (signature, payee, amount, validity, nonce claimed); settled after the tool succeeds. */
  readonly payment?: X402Payment;
  /** The caller reads the answer as server-sent events: the tool publishes its text as it comes (schema/callStream.ts). */
  readonly stream?: boolean;
  /** A marketplace call: the listing's price is the list price (no bulk discount), and settling credits the seller. */
  readonly sale?: MarketplaceSale;
  /** What the call holds besides its price for its effects to take over (the entry's `holds`: a task's reward). */
  readonly holdMicros?: number;
  /**
   * The caller's deadline (epoch ms: the request's arrival plus the timeout it sent, api/calls/callDeadline.ts): a call
   * whose tool has not started by then is dropped, and refunded if it was reserved.
   */
  readonly deadline?: number;
  /**
   * What happens when the caller goes away (the API signals CALLER_GONE_SIGNAL) after the tool started: `cancel` stops
   * it and charges nothing (nobody can receive the answer); `finish` runs it to the end and charges it (the caller can
   * collect the answer with the id it sent, or the tool changed state). Before the tool starts a call is dropped either
   * way. Absent (calls started before this existed): the call runs to its end.
   */
  readonly whenCallerLeaves?: 'cancel' | 'finish';
}

/** The signal the API sends a call's workflow when its caller disconnected before the answer (no arguments). */
export const CALLER_GONE_SIGNAL = 'callerGone';

/** Why a call was dropped before its tool ran (nothing charged): its caller left, or its deadline passed first. */
export type DropReason = 'caller_gone' | 'deadline_exceeded';

/**
 * A call the workflow runs as one local activity (the tool, its hold and its charge together): an offline tool paid
 * by key or free tier, not streamed, not orchestrated. Such a call takes milliseconds, so what Temporal spends on
 * it matters most: it starts without search attributes and is given them only if it fails (see toolCall).
 */
export function isQuickCall(request: Pick<ToolCallRequest, 'execution' | 'stream' | 'payment' | 'orchestration'>): boolean {
  return request.execution === 'local-activity' && !request.stream && !request.payment && !request.orchestration;
}

/** Who is paid what when a marketplace call succeeds (schema/agentNetwork.ts saleSplit). */
export interface MarketplaceSale {
  readonly listingId: string;
  readonly sellerAccountId: string;
  readonly sellerAgentId: string;
  readonly priceMicros: number;
  readonly sellerMicros: number;
  readonly feeMicros: number;
  readonly toolMicros: number;
}

export type Reservation =
  | {
      readonly ok: true;
      /** What is held now: the price (flat) or the most the call can cost (metered), plus any hold (`holdMicros`). */
      readonly reservedMicros: number;
      /** The part of `reservedMicros` held for the tool's effects to take over (a task's reward); never charged as the price. */
      readonly holdMicros?: number;
      readonly discountPercent: number;
      readonly balanceMicros?: number;
      /** The free-tier day the call counted against, so a refund returns it to the same day. */
      readonly freeDay?: string;
      readonly freeCallsRemaining?: number;
    }
  | ({ readonly ok: false } & Refusal);

/** Why a call was refused before it ran, with what the caller needs to know about it. */
export interface Refusal {
  readonly reason: RejectionReason;
  /** What the call needed: its price (or, metered, its most), plus what it holds besides. */
  readonly priceMicros: number;
  readonly balanceMicros?: number;
  /** `spend_limit`: the key's limit the call would have passed. */
  readonly limit?: SpendLimitReached;
}

/** A key's spend limit a call would pass: which window, how much it allows, how much is spent, when it resets. */
export interface SpendLimitReached {
  readonly window: SpendWindow;
  readonly limitMicros: number;
  readonly spentMicros: number;
  readonly resetsAt: string;
}

export interface ToolResult {
  readonly output: Record<string, unknown>;
  readonly model: string;
  readonly tokens: TokenUsage;
  /** Extra `_meta` fields the tool reports about its answer (e.g. `source`: the upstream and whether it came from cache). */
  readonly meta?: Record<string, unknown>;
  /** Milliseconds the run waited on model providers or data sources (activities/calls/upstreamRequests.ts); absent: none asked. */
  readonly upstreamMs?: number;
}

export type ToolCallOutcome =
  | {
      readonly status: 'completed';
      readonly output: Record<string, unknown>;
      readonly model: string;
      readonly tokens: TokenUsage;
      readonly chargedMicros: number;
      readonly balanceMicros?: number;
      readonly freeCallsRemaining?: number;
      /** The tool's own `_meta` fields (ToolResult.meta). */
      readonly meta?: Record<string, unknown>;
      /** x402: the receipt header(s) to send back (PAYMENT-RESPONSE or X-PAYMENT-RESPONSE). */
      readonly receiptHeaders?: Record<string, string>;
      /** How long the tool waited on its provider or upstream (ToolResult.upstreamMs): Server-Timing's `upstream`. */
      readonly upstreamMs?: number;
    }
  | { readonly status: 'payment_failed'; readonly reason: string; readonly message: string }
  | ({ readonly status: 'rejected' } & Refusal)
  /**
   * Not run, or not delivered, and nothing charged: its caller left before the tool started (or, `whenCallerLeaves:
   * cancel`, before the answer), or its deadline passed before the tool started. Anything reserved was refunded.
   */
  | { readonly status: 'dropped'; readonly reason: DropReason };

/** How a call's workflow ended: its outcome, or the failure it ended with (its type decides the HTTP status). */
export type CallEnd =
  | { readonly kind: 'outcome'; readonly outcome: ToolCallOutcome }
  | { readonly kind: 'failure'; readonly type: string; readonly message: string; readonly details: unknown[] };

/**
 * What `toolCall` tells the worker process it runs in when it ends (a Temporal sink: fire-and-forget, not in
 * history, not called on replay). An API with an embedded worker answers an eagerly started call from it instead of
 * long-polling the workflow's history for the result.
 */
export type CallSinks = {
  readonly calls: { ended(callId: string, end: CallEnd): void };
};

/**
 * ApplicationFailure types a call can fail with; the API maps each to an HTTP status (api/calls/failureToHttp.ts).
 * Whose fault it is decides the type: the caller's (InvalidInput, NotFound, Conflict …: 4xx), an upstream's
 * (UpstreamFailure, UpstreamUnreachable: 502/503/504) or this deployment's configuration (ModelUnavailable,
 * ToolUnavailable: 503 `not_configured`, no Retry-After). None of them is charged.
 */
export const CallErrors = {
  invalidInput: 'InvalidInput',
  /** A configuration gap: no provider for the model, or the provider refused our key or does not serve the model (NotConfiguredDetails). */
  modelUnavailable: 'ModelUnavailable',
  /** An upstream answered an error (5xx, 429) or is cooling down: 503 with Retry-After. */
  upstream: 'UpstreamFailure',
  /** A server the call had to reach could not be reached at all (UnreachableDetails): 502, 503 or 504 by cause. */
  unreachable: 'UpstreamUnreachable',
  internal: 'InternalError',
  /** A configuration gap of the tool itself (no upstream key, no sandbox, no browser: NotConfiguredDetails). */
  toolUnavailable: 'ToolUnavailable',
  /** The caller went away (a cut stream) and the call was cancelled: money is refunded; a free-tier call stays used. */
  cancelled: 'Cancelled',
  /** What the input names does not exist (no such city or article upstream; another owner's agent, never shown): 404. */
  notFound: 'NotFound',
  /** The state does not allow it (a task already claimed, a claim that is not yours): 409. */
  conflict: 'Conflict',
  /** Too many of these for now (broadcasts an hour): 429 with when to try again. */
  rateLimited: 'RateLimited',
  /** The balance cannot cover what the tool must hold besides its price (a task's reward): 402. */
  insufficientFunds: 'InsufficientFunds',
  /** The paying key's daily or monthly spend limit would be passed (a job's call refused at its reservation). */
  spendLimit: 'SpendLimitExceeded',
  /** The paying key was revoked or expired before the job's call was reserved. */
  keyRefused: 'KeyRefused',
  /** The caller's deadline passed before the tool started (ToolCallRequest.deadline): refunded, 504. */
  deadlineExceeded: 'DeadlineExceeded',
  /** The caller went away before the answer and nobody can collect it: refunded (ToolCallFailed.code on the record). */
  callerGone: 'CallerGone',
} as const;

/**
 * Why an upstream could not be reached. `no_such_host`: its name does not resolve; `resolver_failed`: the DNS resolver
 * itself did not answer (refused, timed out, SERVFAIL); `connection_refused` / `connection_reset`: the host refused
 * or dropped the connection (or is unreachable); `tls_failed`: no trustworthy TLS session (bad certificate, handshake
 * failure); `bad_response`: the answer broke HTTP; `timeout`: no answer in time.
 */
export type UnreachableCause = 'no_such_host' | 'resolver_failed' | 'connection_refused' | 'connection_reset' | 'tls_failed' | 'bad_response' | 'timeout';

/** The details of an UpstreamUnreachable failure: which upstream (a host, `robots.txt of …`, the DNS resolver at …), why, and the low-level code. */
export interface UnreachableDetails {
  readonly upstream: string;
  readonly cause: UnreachableCause;
  /** ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED …, for operators. */
  readonly error_code?: string;
  readonly hint: string;
}

/**
 * How long a failed tool run waited on its upstreams, appended to its failure's details (after the tool's own, which
 * a reader takes from the first), so a failed answer's Server-Timing has its `upstream` part too.
 */
export interface UpstreamTimeDetail {
  readonly upstreamMs: number;
}

/** The upstream time a failure's details carry, if any. */
export function upstreamTimeOf(details: readonly unknown[]): number | undefined {
  for (const detail of details) {
    const ms = (detail as Partial<UpstreamTimeDetail> | null)?.upstreamMs;
    if (typeof ms === 'number') return ms;
  }
  return undefined;
}

/** The details of a configuration gap (ModelUnavailable, ToolUnavailable): what the operator does, and the variables to set. */
export interface NotConfiguredDetails {
  readonly hint: string;
  /** Environment variables that would close the gap (`hint` says whether one of them or all). */
  readonly settings: readonly string[];
}

/** How a call ends when its x402 transfer was refused at settlement: no result is given, nothing is charged (402). */
export const PAYMENT_FAILED = 'PaymentFailed';

/**
 * End codes (ToolCallFailed.code) that are refusals of payment, not calls that ran and failed: a reward the balance
 * cannot hold, an x402 transfer refused at settlement. Like a call refused at its reservation, such a call is not a
 * call in anyone's usage.
 */
export const PAYMENT_REFUSALS: readonly string[] = [CallErrors.insufficientFunds, PAYMENT_FAILED];

/** Failures a retry cannot mend: the input, a model nobody configured, a tool this worker cannot run, the state. */
export const NON_RETRYABLE_CALL_ERRORS: readonly string[] = [
  CallErrors.invalidInput,
  CallErrors.modelUnavailable,
  CallErrors.toolUnavailable,
  CallErrors.notFound,
  CallErrors.conflict,
  CallErrors.rateLimited,
  CallErrors.insufficientFunds,
  CallErrors.deadlineExceeded,
];

/**
 * A quick call done in one local activity: run, then reserved and charged in one transaction (or refused), or handed
 * back to the ordinary steps — its tool failed (nothing held yet), or the call already has a history (an earlier
 * attempt), which the ordinary steps find and continue.
 */
export type QuickCallResult =
  | { readonly kind: 'rejected'; readonly reservation: Reservation & { readonly ok: false } }
  | {
      readonly kind: 'completed';
      readonly reservation: Reservation & { readonly ok: true };
      readonly result: ToolResult & { readonly durationMs: number };
      readonly chargedMicros: number;
      readonly balanceMicros?: number;
    }
  | {
      readonly kind: 'tool-failed';
      readonly failure: { readonly type: string; readonly message: string; readonly details: unknown[]; readonly retryable: boolean };
    }
  | { readonly kind: 'begun' }
  /** The deadline had passed when the activity began: nothing ran, nothing was held. */
  | { readonly kind: 'dropped'; readonly reason: 'deadline_exceeded' };
