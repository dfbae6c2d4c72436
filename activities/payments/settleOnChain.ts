import { Context } from '@temporalio/activity';
import type { Address } from 'viem';
import type { X402Payment } from '../../schema/calls';
import { micros } from '../../schema/money';
import { buildRequirements, decodePaymentHeaders, type Payment, refuse, type Settlement } from '../../core/x402';
import { chainTime, findSettledPermit, findSettledTransfer } from './findSettledTransfer';
import type { X402Runtime } from '../../core/x402/x402Runtime';

/**
 * How a settlement attempt goes: `submit` sends the transfer (or, retried, finds the one already mined); `confirm`
 * never sends, it decides what became of an authorization whose settlement could not reach the chain in its time.
 */
export type SettlementMode = 'submit' | 'confirm';

/** Thrown while `confirm` cannot decide yet (no transfer mined, the authorization still valid): retried. */
export class SettlementUndecided extends Error {
  override name = 'SettlementUndecided';
}

/**
 * Moves the money of a verified payment: its price (exact), or `chargedMicros` (upto: the call's actual cost, which
 * the maximum it was verified against bounds). A retried activity (a crash after submitting) first looks for the
 * transfer already mined, instead of submitting it again for the chain to refuse as a reused nonce; one that finds
 * none and the authorization expired on chain ends the call unpaid (`settlement_timeout`), its result withheld.
 * `confirm` only looks: mined is paid, expired and not mined is `settlement_unavailable`, anything else undecided.
 */
export async function settleOnChain(
  x402: X402Runtime,
  payment: X402Payment,
  chargedMicros?: number,
  mode: SettlementMode = 'submit',
): Promise<{ decoded: Payment; settlement: Settlement }> {
  const decoded = decodePaymentHeaders({ [payment.headerName.toLowerCase()]: payment.header });
  if (!decoded) throw new Error('the request carries no payment header');
  const upto = payment.upto ? { facilitator: payment.upto.facilitator as Address } : undefined;
  const price = micros(upto && chargedMicros !== undefined ? chargedMicros : payment.priceMicros);
  const requirements = buildRequirements(x402.terms, { price, resource: payment.resource, description: payment.description, ...(upto ? { upto } : {}) });
  // Without an RPC of our own (a remote facilitator) nothing can be looked up: confirming asks the facilitator again,
  // which refuses an expired authorization and never moves one twice.
  if ((mode === 'confirm' || Context.current().info.attempt > 1) && x402.rpcUrl) {
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
    const expired = new Date(Number(decoded.validBefore) * 1000).toISOString();
    if (now >= decoded.validBefore) {
      const refusal =
        mode === 'confirm'
          ? refuse(
              'settlement_unavailable',
              `the chain or the facilitator could not be reached to settle the payment before its authorization expired (${expired}), and no transfer of it was mined: nothing was charged — sign a new payment`,
              decoded.payer,
            )
          : refuse(
              'settlement_timeout',
              `the transfer was submitted but not mined before the authorization expired (${expired}); nothing was charged — sign a new payment`,
              decoded.payer,
            );
      return { decoded, settlement: { ...refusal, transaction: null, network: requirements.network } };
    }
    if (mode === 'confirm') throw new SettlementUndecided(`no transfer of the authorization is mined yet, and it is valid until ${expired}`);
  }
  return { decoded, settlement: await x402.facilitator.settle(decoded, requirements) };
}
