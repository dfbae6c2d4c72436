import type { Reservation, ToolCallRequest, ToolResult } from '../../schema/calls';
import { streams } from '../../schema/events';
import { lockAccount } from './availableBalance';
import { type BillingDeps, decideFromBalance, reserveNewCall } from './reserveCall';
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
 * A balance's quick call, the hot path of the service, in five statements: the call stream, account stream and
 * balance row locked in one; each stream's events (the reservation's and the settlement's) in one append; the
 * balance written once for both; the commit. The account's lock is held for those five round trips and no more.
 */
async function chargeBalanceAtOnce(deps: BillingDeps, request: ToolCallRequest, result: ToolResult & { durationMs: number }): Promise<QuickCharge> {
  const callStream = streams.call(request.callId);
  return deps.store.transaction(async (tx) => {
    const locked = await lockAccount(tx, request.payer.id, callStream);
    if ((locked.callVersion ?? 0) > 0) return { kind: 'begun' };
    const decided = decideFromBalance(deps, request, locked);
    const { reservation, metadata } = decided;
    if (!reservation.ok) {
      await tx.append(callStream, decided.callEvents, { expectedVersion: 'no_stream', metadata });
      return { kind: 'rejected', reservation };
    }
    const settled = settlementEvents(settlementOf(request, reservation.reservedMicros, result));
    await tx.append(callStream, [...decided.callEvents, settled.callEvent], { expectedVersion: 'no_stream', metadata });
    await tx.append(streams.account(request.payer.id), [...decided.accountEvents, ...(settled.accountEvent ? [settled.accountEvent] : [])], {
      expectedVersion: locked.version,
      metadata,
    });
    // Worked out, not read back: the balance as the reservation left it, with what was held beyond the charge returned.
    const balanceMicros = reservation.balanceMicros === undefined ? undefined : reservation.balanceMicros + reservation.reservedMicros - settled.chargedMicros;
    return { kind: 'completed', reservation, chargedMicros: settled.chargedMicros, balanceMicros };
  });
}
