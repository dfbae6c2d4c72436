import { CallErrors } from '../../schema/calls';
import type { DomainEvent, Payer } from '../../schema/events';
import { isMcpAllowance } from '../ledger/freeAllowance';
import { serviceMetrics as m } from './serviceMetrics';

/**
 * Counts what a process's committed events say happened: calls by tool, status and payment; money reserved, settled
 * and refunded, by payment (key: held from a balance; x402: a signed payment, its hold until settled or released), so
 * that per payment reserved = settled + refunded (+ taken over, for a key) once no call is in flight; free-tier and
 * x402 use. The event store calls it after each commit with the events that transaction
 * appended, so every event is counted once, by the process that appended it, and the counters say what the ledger
 * says: a transaction that rolled back counted nothing. Summed over processes they are the log's own totals.
 */
export function countCommittedEvents(events: readonly Pick<DomainEvent, 'type' | 'data'>[]): void {
  for (const event of events) countEvent(event as DomainEvent);
}

function countEvent(event: DomainEvent): void {
  switch (event.type) {
    case 'ToolCallStarted':
      // An x402 call's signed payment is its hold: the most it allows, taken (settled) or released when the call ends.
      if (event.data.payer.kind === 'x402') m.moneyReserved.inc({ payment: 'x402', pricing: event.data.pricing }, event.data.priceMicros);
      return;
    case 'ToolCallCompleted': {
      m.calls.inc({ tool: event.data.tool, status: 'completed', payment: paymentOf(event.data.payer) });
      const authorized = event.data.payment?.authorizedMicros;
      if (event.data.payer.kind === 'x402' && authorized !== undefined && authorized > event.data.chargedMicros) {
        m.moneyRefunded.inc({ payment: 'x402', reason: 'metered_unused' }, authorized - event.data.chargedMicros);
      }
      return;
    }
    case 'ToolCallFailed':
      m.calls.inc({ tool: event.data.tool, status: 'failed', payment: paymentOf(event.data.payer) });
      if (event.data.releasedMicros) m.moneyRefunded.inc({ payment: 'x402', reason: reasonOf(event.data.code) }, event.data.releasedMicros);
      return;
    case 'ToolCallRejected':
      m.calls.inc({ tool: event.data.tool, status: 'rejected', payment: paymentOf(event.data.payer) });
      return;
    case 'ChargeReserved':
      m.moneyReserved.inc({ payment: 'key', pricing: event.data.pricing }, event.data.amountMicros);
      return;
    case 'ChargeSettled': {
      const { reservedMicros, chargedMicros } = event.data;
      // Nothing held from the balance: a charge paid on chain (an x402 call, a credit purchase), which PaymentReceived counts.
      if (reservedMicros === 0) return;
      m.moneySettled.inc({ payment: 'key' }, chargedMicros);
      if (reservedMicros > chargedMicros) m.moneyRefunded.inc({ payment: 'key', reason: 'metered_unused' }, reservedMicros - chargedMicros);
      return;
    }
    case 'ChargeRefunded':
      m.moneyRefunded.inc({ payment: 'key', reason: reasonOf(event.data.reason) }, event.data.amountMicros);
      return;
    case 'RewardHeld':
      // Part of a call's hold its effects took over (a posted task's reward): it leaves the call's reservation.
      if (event.data.callId !== undefined) m.moneyTakenOver.inc(event.data.amountMicros);
      return;
    case 'CreditGranted':
      m.creditGranted.inc({ reason: event.data.reason }, event.data.amountMicros);
      return;
    case 'PaymentReceived':
      m.x402Payments.inc({ purpose: event.data.purpose });
      m.x402Received.inc({ purpose: event.data.purpose }, event.data.amountMicros);
      // A call or a credit purchase paid on chain: both held the payment from their ToolCallStarted.
      m.moneySettled.inc({ payment: 'x402' }, event.data.amountMicros);
      return;
    case 'FreeCallUsed':
      m.freeTierCalls.inc({ allowance: allowanceOf(event.data.ip), outcome: 'used' });
      return;
    case 'FreeCallReturned':
      m.freeTierCalls.inc({ allowance: allowanceOf(event.data.ip), outcome: 'returned' });
      return;
    case 'FreeTierExhausted':
      m.freeTierExhausted.inc({ allowance: allowanceOf(event.data.ip) });
      return;
    default:
      return;
  }
}

/** Error codes a refund may name; anything else is `other`, so a label never takes unbounded values. */
const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(CallErrors));
const reasonOf = (code: string) => (KNOWN_CODES.has(code) ? code : 'other');

function paymentOf(payer: Payer): string {
  return payer.kind === 'free' && isMcpAllowance(payer.id) ? 'mcp_allowance' : payer.kind;
}

function allowanceOf(allowanceId: string): 'http' | 'mcp' {
  return isMcpAllowance(allowanceId) ? 'mcp' : 'http';
}
