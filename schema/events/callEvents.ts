/** Life of one tool call on its `call-<callId>` stream. */
export type PayerKind = 'key' | 'x402' | 'free' | 'none';

export interface Payer {
  kind: PayerKind;
  /** account id for keys and wallets, client IP for the free tier */
  id: string;
}

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
  };
  ToolCallCompleted: {
    callId: string;
    tool: string;
    payer: Payer;
    model: string;
    tokens: TokenUsage;
    durationMs: number;
    chargedMicros: number;
    /** For x402 calls: the on-chain transfer that paid. */
    payment?: { transaction: string; network: string; payer: string };
  };
  /**
   * What a tool with state did for this call, recorded in the same transaction as its effects: a retried run
   * (a worker lost after the commit) answers this output instead of acting twice.
   */
  ToolEffectsApplied: { callId: string; tool: string; output: Record<string, unknown> };
  ToolCallFailed: { callId: string; tool: string; payer: Payer; error: string; code: string; refundedMicros: number };
  /** Refused before running: nothing was reserved or charged. */
  ToolCallRejected: {
    callId: string;
    tool: string;
    payer: Payer;
    reason: 'insufficient_funds' | 'free_tier_exhausted';
    priceMicros: number;
    balanceMicros?: number;
  };
}
