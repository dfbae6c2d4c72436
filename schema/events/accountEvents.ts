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
  };
  /** chargedMicros ≤ reservedMicros; the difference goes back to the balance (metered calls). */
  ChargeSettled: { accountId: string; callId: string; reservedMicros: number; chargedMicros: number };
  ChargeRefunded: { accountId: string; callId: string; amountMicros: number; reason: string };
  LowBalanceCrossed: { accountId: string; thresholdMicros: number; balanceMicros: number };
}
