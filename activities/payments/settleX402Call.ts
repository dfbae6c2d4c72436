import { type MarketplaceSale, PAYMENT_FAILED, type X402Payment } from '../../schema/calls';
import { recordSettledEffects } from '../../core/ledger/settledCallEffects';
import { event, streams, type TokenUsage } from '../../schema/events';
import { type EventStore, readStream } from '../../core/eventStore';
import { receiptHeader } from '../../core/x402';
import { recordedSettlement } from './recordedSettlement';
import { settleOnChain, type SettlementMode } from './settleOnChain';
import type { X402Runtime } from '../../core/x402/x402Runtime';

export interface X402SettleRequest {
  readonly callId: string;
  readonly tool: string;
  readonly requestId: string;
  readonly payment: X402Payment;
  /** upto: what the call cost, the amount to settle (within the payment's maximum); exact settles its price. */
  readonly chargedMicros?: number;
  readonly model: string;
  readonly tokens: TokenUsage;
  readonly durationMs: number;
  /** A marketplace call: the seller is credited its share with the payment. */
  readonly sale?: MarketplaceSale;
  /** The caller left before the answer and is charged anyway (ToolCallCompleted.callerLeft says so). */
  readonly callerLeft?: boolean;
}

export type X402SettleResult =
  | { readonly ok: true; readonly chargedMicros: number; readonly receiptHeaders: Record<string, string>; readonly transaction: string; readonly payer: string }
  | { readonly ok: false; readonly reason: string; readonly message: string };

/**
 * Settles an x402 call after its tool succeeded: the transfer goes on chain, then the call's completion, the
 * payment and its charge are recorded together. A retry after a crash finds the transfer already mined rather
 * than submitting it twice; a refused transfer records the call as failed, so the result is never given away.
 */
export async function settleX402Call(
  store: EventStore,
  x402: X402Runtime,
  request: X402SettleRequest,
  mode: SettlementMode = 'submit',
): Promise<X402SettleResult> {
  const { callId, payment } = request;
  const version = payment.headerName.toLowerCase() === 'x-payment' ? 1 : 2;
  const earlier = await recordedOutcome(store, callId, version);
  if (earlier) return earlier;

  const { decoded, settlement } = await settleOnChain(x402, payment, request.chargedMicros, mode);
  const { payer: from, nonce } = decoded;

  const metadata = { requestId: request.requestId, workflowId: `call-${callId}`, actor: `wallet:${from.toLowerCase()}` };
  const payer = { kind: 'x402' as const, id: from.toLowerCase() };
  if (!settlement.ok) {
    await store.transaction(async (tx) => {
      const version = await tx.lock(streams.call(callId));
      await tx.append(
        streams.call(callId),
        [
          event('ToolCallFailed', {
            callId,
            tool: request.tool,
            payer,
            error: settlement.message,
            code: PAYMENT_FAILED,
            refundedMicros: 0,
            releasedMicros: payment.priceMicros,
          }),
        ],
        {
          expectedVersion: version,
          metadata,
        },
      );
    });
    return { ok: false, reason: settlement.reason, message: settlement.message };
  }

  const amount = Number(settlement.amount);
  const account = streams.account(payer.id);
  await store.transaction(async (tx) => {
    const callVersion = await tx.lock(streams.call(callId));
    const accountVersion = await tx.lock(account);
    const receipt = { transaction: settlement.transaction, network: settlement.network, payer: payer.id, authorizedMicros: payment.priceMicros };
    await tx.append(
      streams.call(callId),
      [
        event('ToolCallCompleted', {
          callId,
          tool: request.tool,
          payer,
          model: request.model,
          tokens: request.tokens,
          durationMs: request.durationMs,
          chargedMicros: amount,
          ...(request.callerLeft ? { callerLeft: true as const } : {}),
          payment: receipt,
        }),
      ],
      { expectedVersion: callVersion, metadata },
    );
    await tx.append(
      account,
      [
        ...(accountVersion === 0 ? [event('AccountOpened', { accountId: payer.id, kind: 'wallet' })] : []),
        event('PaymentReceived', {
          accountId: payer.id,
          payer: payer.id,
          amountMicros: amount,
          network: settlement.network,
          transaction: settlement.transaction,
          nonce,
          purpose: 'call',
          callId,
        }),
        event('ChargeSettled', { accountId: payer.id, callId, reservedMicros: 0, chargedMicros: amount }),
      ],
      { expectedVersion: accountVersion, metadata },
    );
    await recordSettledEffects(tx, { callId, tool: request.tool, ...(request.sale ? { sale: request.sale } : {}), metadata });
  });
  return {
    ok: true,
    chargedMicros: amount,
    receiptHeaders: receiptHeader(settlement, decoded.x402Version),
    transaction: settlement.transaction,
    payer: payer.id,
  };
}

/** What an earlier attempt already recorded for this call, so a retry answers the same. */
async function recordedOutcome(store: EventStore, callId: string, version: 1 | 2): Promise<X402SettleResult | null> {
  const history = await readStream(store.db, streams.call(callId));
  for (const e of history) {
    const settled = e.type === 'ToolCallCompleted' ? recordedSettlement(e) : null;
    if (settled?.ok) {
      return {
        ok: true,
        chargedMicros: Number(settled.amount),
        receiptHeaders: receiptHeader(settled, version),
        transaction: settled.transaction,
        payer: settled.payer,
      };
    }
    if (e.type === 'ToolCallFailed' && e.data.code === PAYMENT_FAILED) return { ok: false, reason: 'settlement_failed', message: e.data.error };
  }
  return null;
}
