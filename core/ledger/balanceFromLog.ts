import type { Kysely } from 'kysely';
import { streams } from '../../schema/events';
import type { Tables } from '../db/tables';
import { readStream, type StoredEvent } from '../eventStore';
import { balances, type BalanceRow } from '../projections/balances';
import { InMemoryProjection } from '../projections/evolveInMemory';
import { LIVE_SCHEMA } from '../projections/liveSchema';

export type BalanceFigures = Pick<BalanceRow, 'available_micros' | 'reserved_micros' | 'credited_micros' | 'spent_micros'>;

/**
 * An account's balance recomputed from its events alone, through the very `evolve` the live balances projection runs
 * (one definition of what each event does to a balance, whatever kind the account is: a key's, a wallet's, a
 * seller's or a task's earner), beside what the live projection holds, for an auditor to compare.
 */
export async function balanceFromLog(
  db: Kysely<Tables>,
  accountId: string,
  events?: readonly StoredEvent[],
): Promise<{ readonly fromLog: BalanceFigures; readonly live: BalanceFigures | null }> {
  const history = events ?? (await readStream(db, streams.account(accountId)));
  const replayed = new InMemoryProjection(balances);
  for (const event of history) replayed.apply(event);
  const row = [...replayed.rows.values()][0] as BalanceRow | undefined;
  const live = await db.withSchema(LIVE_SCHEMA).selectFrom('balances').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  return { fromLog: figures(row), live: live ? figures(live) : null };
}

function figures(row: BalanceFigures | undefined): BalanceFigures {
  return {
    available_micros: Number(row?.available_micros ?? 0),
    reserved_micros: Number(row?.reserved_micros ?? 0),
    credited_micros: Number(row?.credited_micros ?? 0),
    spent_micros: Number(row?.spent_micros ?? 0),
  };
}
