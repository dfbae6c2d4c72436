import { Context } from '@temporalio/activity';
import type { X402Payment } from '../../schema/calls';
import { micros } from '../../schema/money';
import { buildRequirements, decodePaymentHeaders, type Payment, type Settlement } from '../../core/x402';
import { findSettledTransfer } from './findSettledTransfer';
import type { X402Runtime } from '../../core/x402/x402Runtime';

/**
 * Moves the money of a verified payment. A retried activity (a crash after submitting) first looks for the
 * transfer already mined, instead of submitting it again for the token to refuse as a reused nonce.
 */
export async function settleOnChain(x402: X402Runtime, payment: X402Payment): Promise<{ decoded: Payment; settlement: Settlement }> {
  const decoded = decodePaymentHeaders({ [payment.headerName.toLowerCase()]: payment.header });
  if (!decoded) throw new Error('the request carries no payment header');
  const requirements = buildRequirements(x402.terms, { price: micros(payment.priceMicros), resource: payment.resource, description: payment.description });
  const { from, nonce, value } = decoded.authorization;
  if (Context.current().info.attempt > 1 && x402.rpcUrl) {
    const transaction = await findSettledTransfer(x402.rpcUrl, requirements.asset, from, nonce);
    if (transaction) return { decoded, settlement: { ok: true, transaction, network: requirements.network, payer: from, amount: value } };
  }
  return { decoded, settlement: await x402.facilitator.settle(decoded, requirements) };
}
