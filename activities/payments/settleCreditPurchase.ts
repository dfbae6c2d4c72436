import type { CreditPurchaseRequest, CreditPurchaseResult } from '../../schema/purchases';
import { PAYMENT_FAILED } from '../../schema/calls';
import { event, streams } from '../../schema/events';
import { type EventStore, readStream } from '../../core/eventStore';
import { receiptHeader } from '../../core/x402';
import { recordedSettlement } from './recordedSettlement';
import { settleOnChain, type SettlementMode } from './settleOnChain';
import type { X402Runtime } from '../../core/x402/x402Runtime';
import { availableBalance } from '../../core/ledger/availableBalance';

/**
 * Settles a purchase on chain, then records it in one transaction: the USDC arriving from the wallet, the
 * wallet spending it, and the same amount credited to the target account (opening it with its key if new).
 * Recorded on the purchase's `call-<id>` stream as a call of credits/buy, so retries find it done.
 */
export async function settleCreditPurchase(
  store: EventStore,
  x402: X402Runtime,
  request: CreditPurchaseRequest,
  mode: SettlementMode = 'submit',
): Promise<CreditPurchaseResult> {
  const callId = request.purchaseId;
  const version = request.payment.headerName.toLowerCase() === 'x-payment' ? 1 : 2;
  const earlier = await recordedPurchase(store, request, version);
  if (earlier) return earlier;

  const { decoded, settlement } = await settleOnChain(x402, request.payment, undefined, mode);
  const wallet = decoded.payer.toLowerCase();
  const payer = { kind: 'x402' as const, id: wallet };
  const metadata = { requestId: request.requestId, workflowId: `purchase-${callId}`, actor: `wallet:${wallet}` };
  const tool = request.target.kind === 'new-key' ? 'credits/buy' : 'auth/topup';

  if (!settlement.ok) {
    await store.transaction(async (tx) => {
      const v = await tx.lock(streams.call(callId));
      await tx.append(
        streams.call(callId),
        [
          event('ToolCallFailed', {
            callId,
            tool,
            payer,
            error: settlement.message,
            code: PAYMENT_FAILED,
            refundedMicros: 0,
            releasedMicros: request.payment.priceMicros,
          }),
        ],
        {
          expectedVersion: v,
          metadata,
        },
      );
    });
    return { ok: false, reason: settlement.reason, message: settlement.message };
  }

  const amount = Number(settlement.amount);
  const target = request.target;
  const accountId = target.kind === 'new-key' ? target.keyId : target.accountId;
  const balance = await store.transaction(async (tx) => {
    const callVersion = await tx.lock(streams.call(callId));
    const walletVersion = await tx.lock(streams.account(wallet));
    const receipt = { transaction: settlement.transaction, network: settlement.network, payer: wallet };
    await tx.append(
      streams.call(callId),
      [
        event('ToolCallCompleted', {
          callId,
          tool,
          payer,
          model: 'none',
          tokens: { input: 0, output: 0 },
          durationMs: 0,
          chargedMicros: amount,
          payment: receipt,
        }),
      ],
      { expectedVersion: callVersion, metadata },
    );
    await tx.append(
      streams.account(wallet),
      [
        ...(walletVersion === 0 ? [event('AccountOpened', { accountId: wallet, kind: 'wallet' })] : []),
        event('PaymentReceived', {
          accountId: wallet,
          payer: wallet,
          amountMicros: amount,
          network: settlement.network,
          transaction: settlement.transaction,
          nonce: decoded.nonce,
          purpose: 'credit',
          callId,
        }),
        event('ChargeSettled', { accountId: wallet, callId, reservedMicros: 0, chargedMicros: amount }),
      ],
      { expectedVersion: walletVersion, metadata },
    );
    const credit = event('CreditGranted', { accountId, amountMicros: amount, reason: 'purchase', reference: settlement.transaction });
    if (target.kind === 'new-key') {
      await tx.append(
        streams.key(target.keyId),
        [event('KeyCreated', { keyId: target.keyId, accountId, keyHash: target.keyHash, masked: target.masked, label: target.label, createdByIp: target.ip })],
        {
          expectedVersion: 'no_stream',
          metadata,
        },
      );
      await tx.append(streams.account(accountId), [event('AccountOpened', { accountId, kind: 'key', label: target.label }), credit], {
        expectedVersion: 'no_stream',
        metadata,
      });
    } else {
      await tx.append(streams.account(accountId), [credit], { metadata });
    }
    return availableBalance(tx.trx, accountId);
  });
  return { ok: true, accountId, creditedMicros: amount, balanceMicros: balance, receiptHeaders: receiptHeader(settlement, version) };
}

async function recordedPurchase(store: EventStore, request: CreditPurchaseRequest, version: 1 | 2): Promise<CreditPurchaseResult | null> {
  for (const e of await readStream(store.db, streams.call(request.purchaseId))) {
    const settled = e.type === 'ToolCallCompleted' ? recordedSettlement(e) : null;
    if (settled?.ok) {
      const accountId = request.target.kind === 'new-key' ? request.target.keyId : request.target.accountId;
      const balanceMicros = await availableBalance(store.db, accountId);
      return {
        ok: true,
        accountId,
        creditedMicros: Number(settled.amount),
        balanceMicros,
        receiptHeaders: receiptHeader(settled, version),
      };
    }
    if (e.type === 'ToolCallFailed') return { ok: false, reason: 'settlement_failed', message: e.data.error };
  }
  return null;
}
