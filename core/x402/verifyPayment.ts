import { type CheckOptions, checkAuthorization } from './checkAuthorization';
import type { Payment } from './decodePayment';
import type { NonceRegistry } from './nonceRegistry';
import { refuse, type Verdict } from './refusal';
import type { PaymentRequirements } from './requirements';

export interface VerifyOptions extends CheckOptions {
  readonly nonces: NonceRegistry;
}

/**
 * Verifies a payment for this call and, only when everything else holds, claims its nonce: a
 * refused payment burns nothing, and an accepted one can never be accepted again here, even if
 * its settlement later fails (the payer signs a new one; official clients do on every request).
 */
export async function verifyPayment(payment: Payment, requirements: PaymentRequirements, options: VerifyOptions): Promise<Verdict> {
  const verdict = await checkAuthorization(payment, requirements, options);
  if (!verdict.ok) return verdict;
  const { nonce, payer } = payment;
  if (!(await options.nonces.claim(nonce, payer))) {
    return refuse('nonce_reused', `this authorization (nonce ${nonce}) was already used; sign a new payment`, payer);
  }
  return verdict;
}
