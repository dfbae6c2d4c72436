import { reserveCall } from '../../core/ledger/reserveCall';
import { settleCall } from '../../core/ledger/settleCall';
import type { Payer } from '../../schema/events';
import { micros } from '../../schema/money';

type Billing = Parameters<typeof reserveCall>[0];

/**
 * One paid call's ledger work, as the workflow does it: reserve a flat 0.005 sentiment call and settle it at that
 * price. Answers why it was refused, or null when it went through.
 */
export async function reserveAndSettle(billing: Billing, callId: string, payer: Payer): Promise<string | null> {
  const reservation = await reserveCall(billing, {
    callId,
    requestId: callId,
    tool: 'sentiment',
    execution: 'local-activity',
    input: {},
    payer,
    pricing: 'flat',
    listPriceMicros: micros(5000),
  });
  if (!reservation.ok) return reservation.reason;
  await settleCall(billing, {
    callId,
    tool: 'sentiment',
    payer,
    reservedMicros: reservation.reservedMicros,
    chargedMicros: reservation.reservedMicros,
    model: 'local/vader',
    tokens: { input: 1, output: 1 },
    durationMs: 1,
    requestId: callId,
  });
  return null;
}
