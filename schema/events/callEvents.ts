/** Life of one tool call on its `call-<callId>` stream. */
export type PayerKind = 'key' | 'x402' | 'free' | 'none';

export interface Payer {
  kind: PayerKind;
  /** account id for keys and wallets, client IP for the free tier */
  id: string;
  /** The key that pays from the account (its spend limits apply); absent for a payment no key makes (a custom agent's schedule). */
  keyId?: string;
}

/** Why a call was refused before it ran: nothing was held or charged. */
export type RejectionReason = 'insufficient_funds' | 'free_tier_exhausted' | 'spend_limit' | 'key_revoked' | 'key_expired';

export interface TokenUsage {
  input: number;
  output: number;
}

export interface CallEvents {
  ToolCallStarted: {
    callId: string;
    tool: string;
    payer: Payer;
    /** Held for the call: the price after discount (flat), or the most it can cost (metered). */
    priceMicros: number;
    discountPercent: number;
    pricing: 'flat' | 'metered' | 'free';
    requestId: string;
    /**
     * Reserved besides the price for the tool's effects to take over (a task's reward). Once the call's effects are
     * applied (ToolEffectsApplied) it is theirs: the call settles or refunds only the rest.
     */
    holdMicros?: number;
    /** A key's call: the UTC day it counts in against the key's spend limits (ChargeReserved.spendDay). */
    spendDay?: string;
  };
  ToolCallCompleted: {
    callId: string;
    tool: string;
    payer: Payer;
    model: string;
    tokens: TokenUsage;
    durationMs: number;
    chargedMicros: number;
    /**
     * The caller disconnected before the answer, which was kept for collection with the id it sent (or the tool
     * changed state) and so charged (ToolCallRequest.whenCallerLeaves). Absent: the caller was there.
     */
    callerLeft?: true;
    /** For x402 calls: the on-chain transfer that paid. */
    payment?: {
      transaction: string;
      network: string;
      payer: string;
      /** The most the payment allowed (an `upto` payment's maximum). */ authorizedMicros?: number;
    };
  };
  /**
   * What a tool with state did for this call, recorded in the same transaction as its effects: a retried run
   * (a worker lost after the commit) answers this output instead of acting twice.
   */
  ToolEffectsApplied: { callId: string; tool: string; output: Record<string, unknown> };
  /**
   * `refundedMicros`: what went back to a key's balance. `releasedMicros`: an x402 call's signed payment, which was
   * never taken (nothing was held from a balance; the authorization lapses unused).
   */
  ToolCallFailed: { callId: string; tool: string; payer: Payer; error: string; code: string; refundedMicros: number; releasedMicros?: number };
  /** Refused before running: nothing was reserved or charged. */
  ToolCallRejected: {
    callId: string;
    tool: string;
    payer: Payer;
    reason: RejectionReason;
    priceMicros: number;
    balanceMicros?: number;
    /** `spend_limit`: the paying key's limit the call would have passed. */
    limit?: { window: 'daily' | 'monthly'; limitMicros: number; spentMicros: number; resetsAt: string };
  };
  /** A completed call's charge given back by the operator (ChargeReversed on the payer's account): at most once. */
  ToolCallRefunded: { callId: string; tool: string; payer: Payer; amountMicros: number; reason: string };
}
