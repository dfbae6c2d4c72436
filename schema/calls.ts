import type { Payer, TokenUsage } from './events';
import type { MeteringRates } from './metering';
import type { OrchestrationKind } from './registry/types';

/** An x402 payment as it crossed HTTP: the header (JSON-safe, unlike the decoded bigints) and what it pays for. */
export interface X402Payment {
  readonly headerName: string;
  readonly header: string;
  readonly priceMicros: number;
  readonly resource: string;
  readonly description: string;
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
}

export type Reservation =
  | {
      readonly ok: true;
      /** What is held now: the price (flat) or the most the call can cost (metered). */
      readonly reservedMicros: number;
      readonly discountPercent: number;
      readonly balanceMicros?: number;
      /** The free-tier day the call counted against, so a refund returns it to the same day. */
      readonly freeDay?: string;
      readonly freeCallsRemaining?: number;
    }
  | {
      readonly ok: false;
      readonly reason: 'insufficient_funds' | 'free_tier_exhausted';
      readonly priceMicros: number;
      readonly balanceMicros?: number;
    };

export interface ToolResult {
  readonly output: Record<string, unknown>;
  readonly model: string;
  readonly tokens: TokenUsage;
  /** Extra `_meta` fields the tool reports about its answer (e.g. `source`: the upstream and whether it came from cache). */
  readonly meta?: Record<string, unknown>;
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
    }
  | { readonly status: 'payment_failed'; readonly reason: string; readonly message: string }
  | {
      readonly status: 'rejected';
      readonly reason: 'insufficient_funds' | 'free_tier_exhausted';
      readonly priceMicros: number;
      readonly balanceMicros?: number;
    };

/** ApplicationFailure types a call can fail with; the API maps each to an HTTP status. */
export const CallErrors = {
  invalidInput: 'InvalidInput',
  /** What the caller asked for does not exist (an upstream's 404: no such city, article, symbol): 404. */
  notFound: 'NotFound',
  modelUnavailable: 'ModelUnavailable',
  upstream: 'UpstreamFailure',
  internal: 'InternalError',
  /** The tool cannot run on this worker (e.g. no sandbox for /code/run): 503 until an operator fixes it. */
  toolUnavailable: 'ToolUnavailable',
  /** The caller went away (a cut stream) and the call was cancelled: money is refunded; a free-tier call stays used. */
  cancelled: 'Cancelled',
} as const;

/** Failures a retry cannot mend: the input, a model nobody configured, a tool this worker cannot run. */
export const NON_RETRYABLE_CALL_ERRORS: readonly string[] = [
  CallErrors.invalidInput,
  CallErrors.notFound,
  CallErrors.modelUnavailable,
  CallErrors.toolUnavailable,
];

/**
 * A quick call done in one local activity: refused, run and charged, or its tool failed with the price still
 * held (the workflow then retries the tool or refunds, as on the ordinary path).
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
      readonly reservation: Reservation & { readonly ok: true };
      readonly failure: { readonly type: string; readonly message: string; readonly details: unknown[]; readonly retryable: boolean };
    };
