/** x402 facts. Nonce claims sit on `x402nonce-<nonce>` (one stream each, so a second claim conflicts). */
export interface PaymentEvents {
  PaymentNonceClaimed: { nonce: string; payer: string; callId: string };
  /** USDC that arrived on chain, on the paying wallet's `account-<address>` stream. */
  PaymentReceived: {
    accountId: string;
    payer: string;
    amountMicros: number;
    network: string;
    transaction: string;
    nonce: string;
    purpose: 'call' | 'credit';
    callId: string;
  };
}
