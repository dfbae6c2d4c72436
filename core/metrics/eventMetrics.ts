import { CallErrors } from '../../schema/calls';
import type { DomainEvent, Payer } from '../../schema/events';
import { isMcpAllowance } from '../ledger/freeAllowance';
import { serviceMetrics as m } from './serviceMetrics';

/**
 * Counts what a process's committed events say happened: calls by tool, status and payment; money reserved, settled
 * and refunded; free-tier and x402 use. The event store calls it after each commit with the events that transaction
 * appended, so every event is counted once, by the process that appended it, and the counters say what the ledger
 * says: a transaction that rolled back counted nothing. Summed over processes they are the log's own totals.
 */
export function countCommittedEvents(events: readonly Pick<DomainEvent, 'type' | 'data'>[]): void {
  for (const event of events) countEvent(event as DomainEvent);
}

function countEvent(event: DomainEvent): void {
  switch (event.type) {
    case 'ToolCallCompleted':
      m.calls.inc({ tool: event.data.tool, status: 'completed', payment: paymentOf(event.data.payer) });
      return;
    case 'ToolCallFailed':
      m.calls.inc({ tool: event.data.tool, status: 'failed', payment: paymentOf(event.data.payer) });
      return;
    case 'ToolCallRejected':
      m.calls.inc({ tool: event.data.tool, status: 'rejected', payment: paymentOf(event.data.payer) });
      return;
    case 'ChargeReserved':
      m.moneyReserved.inc({ pricing: event.data.pricing }, event.data.amountMicros);
      return;
    case 'ChargeSettled': {
      const { reservedMicros, chargedMicros } = event.data;
      m.moneySettled.inc({ payment: 'key' }, chargedMicros);
      if (reservedMicros > chargedMicros) m.moneyRefunded.inc({ reason: 'metered_unused' }, reservedMicros - chargedMicros);
      return;
    }
    case 'ChargeRefunded':
      m.moneyRefunded.inc({ reason: KNOWN_CODES.has(event.data.reason) ? event.data.reason : 'other' }, event.data.amountMicros);
      return;
    case 'CreditGranted':
      m.creditGranted.inc({ reason: event.data.reason }, event.data.amountMicros);
      return;
    case 'PaymentReceived':
      m.x402Payments.inc({ purpose: event.data.purpose });
      m.x402Received.inc({ purpose: event.data.purpose }, event.data.amountMicros);
      if (event.data.purpose === 'call') m.moneySettled.inc({ payment: 'x402' }, event.data.amountMicros);
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

function paymentOf(payer: Payer): string {
  return payer.kind === 'free' && isMcpAllowance(payer.id) ? 'mcp_allowance' : payer.kind;
}

function allowanceOf(allowanceId: string): 'http' | 'mcp' {
  return isMcpAllowance(allowanceId) ? 'mcp' : 'http';
}
