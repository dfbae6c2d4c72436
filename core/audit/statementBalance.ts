import type { StoredEvent } from '../eventStore/types';
import { balances, type BalanceRow } from '../projections/balances';
import type { StatementBalance, StatementEvent } from './statementFormat';

/**
 * An account's balance from its events, by the balances projection's own evolve (one definition of what each event
 * does to a balance: docs/audit.md lists it for a verifier written elsewhere). Pure.
 */
export function balanceOf(events: readonly StatementEvent[]): StatementBalance {
  let row: BalanceRow | null = null;
  for (const e of events) {
    if (!balances.handles.includes(e.type as never)) continue;
    const stored = {
      position: e.position,
      transactionId: '0',
      streamId: e.stream,
      version: e.version,
      type: e.type,
      data: e.data,
      metadata: e.metadata,
      recordedAt: new Date(e.recorded_at),
    } as unknown as StoredEvent;
    const current: BalanceRow = row ?? (balances.initial({ account_id: String(e.data.accountId) }, stored) as BalanceRow);
    row = balances.evolve(current, stored) as BalanceRow;
  }
  return {
    available_micros: Number(row?.available_micros ?? 0),
    reserved_micros: Number(row?.reserved_micros ?? 0),
    credited_micros: Number(row?.credited_micros ?? 0),
    spent_micros: Number(row?.spent_micros ?? 0),
  };
}
