import type { Address } from 'viem';

/** Why a payment is refused, as a machine reads it; each comes with a message a person can act on. */
export type RefusalReason =
  | 'unsupported_scheme'
  | 'wrong_network'
  | 'wrong_asset'
  | 'wrong_resource'
  | 'invalid_signature'
  | 'wrong_payee'
  | 'insufficient_amount'
  | 'not_yet_valid'
  | 'expired'
  | 'nonce_reused'
  | 'insufficient_funds'
  | 'wrong_spender'
  | 'wrong_facilitator'
  | 'allowance_required'
  | 'settlement_failed'
  | 'settlement_timeout'
  | 'settlement_unavailable'
  | 'rejected_by_facilitator';

export interface Refusal {
  readonly ok: false;
  readonly reason: RefusalReason;
  readonly message: string;
  /** Who signed, when that is known (it is not when the signature itself is the problem). */
  readonly payer: Address | null;
}

export interface Approval {
  readonly ok: true;
  readonly payer: Address;
  /** Atomic units the payer authorised (at least the price). */
  readonly amount: bigint;
}

export type Verdict = Approval | Refusal;

export function refuse(reason: RefusalReason, message: string, payer: Address | null = null): Refusal {
  return { ok: false, reason, message, payer };
}

/**
 * Our reasons in the codes the x402 facilitator API uses (v1's enum where it has one, so strict v1
 * servers accept them). The map is one-to-one, so a refusal survives a trip through HTTP.
 */
const STANDARD_CODES: Readonly<Record<RefusalReason, string>> = {
  unsupported_scheme: 'unsupported_scheme',
  wrong_network: 'invalid_network',
  wrong_asset: 'invalid_payment_requirements',
  // Checked by the resource server only (facilitators are not told which endpoint was called): no standard code.
  wrong_resource: 'invalid_payment_resource',
  invalid_signature: 'invalid_exact_evm_payload_signature',
  wrong_payee: 'invalid_exact_evm_payload_recipient_mismatch',
  insufficient_amount: 'invalid_exact_evm_payload_authorization_value',
  not_yet_valid: 'invalid_exact_evm_payload_authorization_valid_after',
  expired: 'invalid_exact_evm_payload_authorization_valid_before',
  nonce_reused: 'invalid_exact_evm_nonce_already_used',
  insufficient_funds: 'insufficient_funds',
  // upto (Permit2): the spender must be the upto proxy, the witness must name our facilitator, Permit2 must be approved.
  wrong_spender: 'invalid_permit2_spender',
  wrong_facilitator: 'invalid_upto_evm_facilitator_mismatch',
  allowance_required: 'permit2_allowance_required',
  settlement_failed: 'invalid_transaction_state',
  // Submitted, never mined, and now past its validity: it never will be (no standard code names this).
  settlement_timeout: 'settlement_timeout',
  // The chain or facilitator could not be reached while the authorization was valid, and no transfer of it was mined.
  settlement_unavailable: 'settlement_unavailable',
  rejected_by_facilitator: 'invalid_payment',
};

// Other spellings facilitators use for the same refusals (the v2 EVM mechanism renamed several).
const ALIASES: Readonly<Record<string, RefusalReason>> = {
  invalid_scheme: 'unsupported_scheme',
  invalid_exact_evm_scheme: 'unsupported_scheme',
  invalid_exact_evm_network_mismatch: 'wrong_network',
  invalid_exact_evm_signature: 'invalid_signature',
  invalid_exact_evm_recipient_mismatch: 'wrong_payee',
  invalid_exact_evm_authorization_value: 'insufficient_amount',
  payment_expired: 'expired',
  invalid_exact_evm_insufficient_balance: 'insufficient_funds',
  duplicate_settlement: 'nonce_reused',
  invalid_exact_evm_transaction_failed: 'settlement_failed',
  invalid_upto_evm_scheme: 'unsupported_scheme',
  invalid_upto_evm_network_mismatch: 'wrong_network',
  invalid_upto_evm_transaction_failed: 'settlement_failed',
  invalid_upto_evm_payload_settlement_exceeds_amount: 'insufficient_amount',
  invalid_permit2_signature: 'invalid_signature',
  invalid_permit2_recipient_mismatch: 'wrong_payee',
  permit2_token_mismatch: 'wrong_asset',
  permit2_deadline_expired: 'expired',
  permit2_not_yet_valid: 'not_yet_valid',
  permit2_payment_too_early: 'not_yet_valid',
  permit2_invalid_nonce: 'nonce_reused',
  permit2_insufficient_balance: 'insufficient_funds',
};

export function toStandardCode(reason: RefusalReason): string {
  return STANDARD_CODES[reason];
}

export function fromStandardCode(code: string | undefined, fallback: RefusalReason = 'rejected_by_facilitator'): RefusalReason {
  if (!code) return fallback;
  const direct = (Object.entries(STANDARD_CODES) as [RefusalReason, string][]).find(([, standard]) => standard === code)?.[0];
  return direct ?? ALIASES[code] ?? (code in STANDARD_CODES ? (code as RefusalReason) : fallback);
}
