/**
 * Which key moved the money and in which of its spend windows it counts (schema/accounts/spendWindows.ts): the UTC
 * day its call was reserved on. Absent for money no key moved (x402, rewards) and for calls made before keys had limits.
 */
export interface KeySpend {
  keyId?: string;
  spendDay?: string;
}

/** Money facts on `account-<accountId>` streams. Every amount is integer micro-USD. */
export interface AccountEvents {
  AccountOpened: { accountId: string; kind: 'key' | 'wallet'; label?: string };
  /** Credit added: the trial on a new key, an operator top-up, or a purchase paid on chain. */
  CreditGranted: { accountId: string; amountMicros: number; reason: 'trial' | 'topup' | 'purchase'; reference?: string };
  ChargeReserved: {
    accountId: string;
    callId: string;
    tool: string;
    amountMicros: number;
    listPriceMicros: number;
    discountPercent: number;
    pricing: 'flat' | 'metered';
    /** The part of amountMicros held for the call's effects to take over (a task's reward, ToolCallStarted.holdMicros). */
    holdMicros?: number;
  } & KeySpend;
  /** chargedMicros ≤ reservedMicros; the difference goes back to the balance (metered calls). */
  ChargeSettled: { accountId: string; callId: string; reservedMicros: number; chargedMicros: number } & KeySpend;
  ChargeRefunded: { accountId: string; callId: string; amountMicros: number; reason: string } & KeySpend;
  /**
   * A settled call's charge given back by the operator (POST /admin/calls/{id}/refund): a compensating fact, the
   * charge itself stays on the record. Once a call (ToolCallRefunded on its stream says so).
   */
  ChargeReversed: { accountId: string; callId: string; amountMicros: number; reason: string } & KeySpend;
  LowBalanceCrossed: { accountId: string; thresholdMicros: number; balanceMicros: number };
  /**
   * A task's reward held until the task completes or is cancelled: taken from the poster's spendable balance, or,
   * with `callId`, taken over from what that call reserved for it (already held: the balance does not move).
   */
  RewardHeld: { accountId: string; taskId: string; amountMicros: number; callId?: string };
  /** The held reward, spent: it went to the completer's account (RewardEarned there, in the same transaction). */
  RewardPaid: { accountId: string; taskId: string; amountMicros: number; toAccountId: string };
  /** The held reward, back to the poster's spendable balance (the task was cancelled). */
  RewardRefunded: { accountId: string; taskId: string; amountMicros: number; reason: 'cancelled' };
  RewardEarned: { accountId: string; taskId: string; amountMicros: number; fromAccountId: string };
  /** A marketplace sale: the seller's share of a successful call (its price less the tool's price and the fee). */
  SaleProceedsCredited: {
    accountId: string;
    callId: string;
    listingId: string;
    amountMicros: number;
    priceMicros: number;
    feeMicros: number;
    toolMicros: number;
  };
}
