import type { Reservation, ToolCallRequest, ToolResult } from '../../schema/calls';
import { streams } from '../../schema/events';
import { lockAccount } from './availableBalance';
import { appendDecision, type BillingDeps, decideFromBalance, reserveNewCall } from './reserveCall';
import { recordSettlement, settlementEvents, settlementOf } from './settleCall';

export type QuickCharge =
  | { readonly kind: 'begun' }
  | { readonly kind: 'rejected'; readonly reservation: Reservation & { readonly ok: false } }
  | { readonly kind: 'completed'; readonly reservation: Reservation & { readonly ok: true }; readonly chargedMicros: number; readonly balanceMicros?: number };

/**
 * Reserves and settles a call whose result is already in hand (an offline tool, run first: it has no side effects),
 * in ONE transaction: the same events as the ordinary steps (ToolCallStarted, ChargeReserved, ToolCallCompleted,
 * ChargeSettled), with the payer's locks taken once. A call that already has a history (an earlier attempt) is left
 * to the ordinary steps, which find what it did.
 */
export async function chargeQuickCall(deps: BillingDeps, request: ToolCallRequest, result: ToolResult & { durationMs: number }): Promise<QuickCharge> {
  if (request.payer.kind === 'key' && !request.sale) return chargeBalanceAtOnce(deps, request, result);
  return deps.store.transaction(async (tx) => {
    if ((await tx.lock(streams.call(request.callId))) > 0) return { kind: 'begun' };
    const reservation = await reserveNewCall(deps, tx, request);
    if (!reservation.ok) return { kind: 'rejected', reservation };
    // reserveNewCall appended exactly one event to the new call stream (ToolCallStarted).
    const settlement = await recordSettlement(tx, settlementOf(request, reservation.reservedMicros, result), 1);
    return { kind: 'completed', reservation, chargedMicros: settlement.chargedMicros, balanceMicros: settlement.balanceMicros };
  });
}

/**
 * A balance's quick call, the hot path of the service, in five statements: `begin`; the call stream, account stream
 * and balance row locked in one; both streams' events (the reservation's and the settlement's) in one append; the
 * balance written once for both; the commit. The account's locks are held for those round trips and no more.
 */
async function chargeBalanceAtOnce(deps: BillingDeps, request: ToolCallRequest, result: ToolResult & { durationMs: number }): Promise<QuickCharge> {
  return deps.store.transaction(async (tx) => {
    const locked = await lockAccount(tx, request.payer.id, streams.call(request.callId), request.payer.keyId);
    if ((locked.callVersion ?? 0) > 0) return { kind: 'begun' };
    const decided = decideFromBalance(deps, request, locked);
    const { reservation } = decided;
    if (!reservation.ok) {
      await appendDecision(tx, request, decided, locked.version);
      return { kind: 'rejected', reservation };
    }
    const settled = settlementEvents({ ...settlementOf(request, reservation.reservedMicros, result), spendDay: decided.spendDay });
    await appendDecision(tx, request, decided, locked.version, {
      callEvents: [settled.callEvent],
      accountEvents: settled.accountEvent ? [settled.accountEvent] : [],
    });
    // Worked out, not read back: the balance as the reservation left it, with what was held beyond the charge returned.
    const balanceMicros = reservation.balanceMicros === undefined ? undefined : reservation.balanceMicros + reservation.reservedMicros - settled.chargedMicros;
    return { kind: 'completed', reservation, chargedMicros: settled.chargedMicros, balanceMicros };
  });
}
