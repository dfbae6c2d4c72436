import type { X402Payment } from './calls';

/** Where bought credit goes: a new key (whose secret only the API ever saw; here its hash) or an existing account. */
export type CreditTarget =
  | { readonly kind: 'new-key'; readonly keyId: string; readonly keyHash: string; readonly masked: string; readonly label?: string; readonly ip: string }
  | { readonly kind: 'account'; readonly accountId: string };

export interface CreditPurchaseRequest {
  readonly purchaseId: string;
  readonly requestId: string;
  /** The paying wallet, as verified by the API (lowercase). */
  readonly wallet: string;
  readonly payment: X402Payment;
  readonly target: CreditTarget;
}

export type CreditPurchaseResult =
  | {
      readonly ok: true;
      readonly accountId: string;
      readonly creditedMicros: number;
      readonly balanceMicros: number;
      readonly receiptHeaders: Record<string, string>;
    }
  | { readonly ok: false; readonly reason: string; readonly message: string };
