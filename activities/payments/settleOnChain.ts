import { Context } from '@temporalio/activity';
import type { Address } from 'viem';
import type { X402Payment } from '../../schema/calls';
import { micros } from '../../schema/money';
import { buildRequirements, decodePaymentHeaders, type Payment, refuse, type Settlement } from '../../core/x402';
import { chainTime, findSettledPermit, findSettledTransfer } from './findSettledTransfer';
import type { X402Runtime } from '../../core/x402/x402Runtime';

/**
 * Moves the money of a verified payment: its price (exact), or `chargedMicros` (upto: the call's actual cost, which
 * the maximum it was verified against bounds). A retried activity (a crash after submitting) first looks for the
 * transfer already mined, instead of submitting it again for the chain to refuse as a reused nonce; one that finds
 * none and the authorization expired on chain ends the call unpaid (`settlement_timeout`), its result withheld.
 */
export async function settleOnChain(x402: X402Runtime, payment: X402Payment, chargedMicros?: number): Promise<{ decoded: Payment; settlement: Settlement }> {
  const decoded = decodePaymentHeaders({ [payment.headerName.toLowerCase()]: payment.header });
  if (!decoded) throw new Error('the request carries no payment header');
  const upto = payment.upto ? { facilitator: payment.upto.facilitator as Address } : undefined;
  const price = micros(upto && chargedMicros !== undefined ? chargedMicros : payment.priceMicros);
  const requirements = buildRequirements(x402.terms, { price, resource: payment.resource, description: payment.description, ...(upto ? { upto } : {}) });
  if (Context.current().info.attempt > 1 && x402.rpcUrl) {
    const found =
      decoded.kind === 'permit2'
        ? await findSettledPermit(x402.rpcUrl, requirements.asset, decoded.permit)
        : await findSettledTransfer(x402.rpcUrl, requirements.asset, decoded.payer, decoded.nonce).then((transaction) =>
            transaction ? { transaction, amount: decoded.maxAmount } : null,
          );
    if (found) return { decoded, settlement: { ok: true, ...found, network: requirements.network, payer: decoded.payer } };
    // Not mined, and the chain is past the authorization's last valid second: no transfer of it can ever land, so
    // the call fails uncharged rather than waiting (or submitting again) for money that cannot move.
    const now = await chainTime(x402.rpcUrl);
    if (now >= decoded.validBefore) {
      const expired = new Date(Number(decoded.validBefore) * 1000).toISOString();
      const message = `the transfer was submitted but not mined before the authorization expired (${expired}); nothing was charged — sign a new payment`;
      return { decoded, settlement: { ...refuse('settlement_timeout', message, decoded.payer), transaction: null, network: requirements.network } };
    }
  }
  return { decoded, settlement: await x402.facilitator.settle(decoded, requirements) };
}
