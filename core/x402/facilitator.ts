import type { Address, Hex } from 'viem';
import type { Payment } from './decodePayment';
import type { Refusal, Verdict } from './refusal';
import type { PaymentRequirements } from './requirements';

/** A transfer that landed: the receipt a paying client gets back. */
export interface Settled {
  readonly ok: true;
  readonly transaction: Hex;
  /** CAIP-2. */
  readonly network: string;
  readonly payer: Address;
  readonly amount: bigint;
}

/** A transfer that did not happen (or reverted: then `transaction` names it). */
export interface SettlementRefused extends Refusal {
  readonly transaction: Hex | null;
  readonly network: string;
}

export type Settlement = Settled | SettlementRefused;

/** What a facilitator can settle, in the x402 API's own shape. */
export interface SupportedKinds {
  readonly kinds: readonly { x402Version: number; scheme: string; network: string; extra?: Record<string, unknown> }[];
  readonly extensions: readonly string[];
  /** CAIP family pattern → addresses that submit transfers. */
  readonly signers: Readonly<Record<string, readonly string[]>>;
}

/**
 * Checks a payment against the chain and moves the money. `verify` never spends anything;
 * `settle` submits the transfer and resolves once it is mined (or refused). Both may throw
 * FacilitatorUnavailable when the facilitator or the chain cannot be reached: that is no
 * verdict on the payment, and the caller should answer 502/503 rather than 402.
 */
export interface Facilitator {
  verify(payment: Payment, requirements: PaymentRequirements): Promise<Verdict>;
  settle(payment: Payment, requirements: PaymentRequirements): Promise<Settlement>;
  supported(): Promise<SupportedKinds>;
}

export class FacilitatorUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FacilitatorUnavailable';
  }
}
