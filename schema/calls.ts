import type { Payer, TokenUsage } from './events';

/** What the API hands a tool-call workflow. Everything the workflow needs is here, so it reads nothing else. */
export interface ToolCallRequest {
  readonly callId: string;
  readonly requestId: string;
  readonly tool: string;
  readonly execution: 'local-activity' | 'activity';
  readonly input: Record<string, unknown>;
  readonly payer: Payer;
  readonly pricing: 'flat' | 'metered' | 'free';
  readonly listPriceMicros: number;
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
    }
  | {
      readonly status: 'rejected';
      readonly reason: 'insufficient_funds' | 'free_tier_exhausted';
      readonly priceMicros: number;
      readonly balanceMicros?: number;
    };

/** ApplicationFailure types a call can fail with; the API maps each to an HTTP status. */
export const CallErrors = {
  invalidInput: 'InvalidInput',
  modelUnavailable: 'ModelUnavailable',
  upstream: 'UpstreamFailure',
  internal: 'InternalError',
} as const;
