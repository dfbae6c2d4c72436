import type { Reservation, ToolCallRequest, ToolResult } from '../../schema/calls';
import { streams } from '../../schema/events';
import { type BillingDeps, reserveNewCall } from './reserveCall';
import { recordSettlement, settlementOf } from './settleCall';

export type QuickCharge =
  | { readonly kind: 'begun' }
  | { readonly kind: 'rejected'; readonly reservation: Reservation & { readonly ok: false } }
  | { readonly kind: 'completed'; readonly reservation: Reservation & { readonly ok: true }; readonly chargedMicros: number; readonly balanceMicros?: number };

/**
 * Reserves and settles a call whose result is already in hand (an offline tool, run first: it has no side effects),
 * in ONE transaction: the same events as the ordinary steps (ToolCallStarted, ChargeReserved, ToolCallCompleted,
 * ChargeSettled), half the statements, and the payer's stream locked once instead of twice. A call that already has a
 * history (an earlier attempt) is left to the ordinary steps, which find what it did.
 */
export async function chargeQuickCall(deps: BillingDeps, request: ToolCallRequest, result: ToolResult & { durationMs: number }): Promise<QuickCharge> {
  return deps.store.transaction(async (tx) => {
    if ((await tx.lock(streams.call(request.callId))) > 0) return { kind: 'begun' };
    const reservation = await reserveNewCall(deps, tx, request);
    if (!reservation.ok) return { kind: 'rejected', reservation };
    const settlement = await recordSettlement(
      tx,
      settlementOf(request, reservation.reservedMicros, result),
      // reserveNewCall appended exactly one event to the new call stream (ToolCallStarted).
      1,
      // and left the account's balance at this, under the account's stream lock it still holds.
      reservation.balanceMicros,
    );
    return { kind: 'completed', reservation, chargedMicros: settlement.chargedMicros, balanceMicros: settlement.balanceMicros };
  });
}
