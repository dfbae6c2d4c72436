import { type Kysely, sql } from 'kysely';
import type { Tables } from '../db/tables';
import { LIVE_SCHEMA } from '../projections/liveSchema';

export interface Usage {
  readonly availableMicros: number;
  readonly reservedMicros: number;
  readonly spentMicros: number;
  readonly callsToday: number;
  readonly totalCalls: number;
  readonly lastUsedAt: Date | null;
  readonly topTools: readonly { tool: string; calls: number; spentMicros: number }[];
}

/** An account's figures, all read from projections of the event log. Refused calls are not calls. */
export async function usageRecord(db: Kysely<Tables>, accountId: string, dayStart: Date): Promise<Usage> {
  const projections = db.withSchema(LIVE_SCHEMA);
  const [balance, counts, top] = await Promise.all([
    projections.selectFrom('balances').selectAll().where('account_id', '=', accountId).executeTakeFirst(),
    projections
      .selectFrom('calls')
      .select([
        sql<number>`count(*) filter (where started_at >= ${dayStart})::int`.as('today'),
        sql<number>`count(*)::int`.as('total'),
        sql<Date | null>`max(started_at)`.as('last'),
      ])
      .where('payer_id', '=', accountId)
      .where('status', '!=', 'rejected')
      .executeTakeFirstOrThrow(),
    projections
      .selectFrom('calls')
      .select(['tool', sql<number>`count(*)::int`.as('calls'), sql<number>`coalesce(sum(charged_micros), 0)::bigint`.as('spent')])
      .where('payer_id', '=', accountId)
      .where('status', '!=', 'rejected')
      .groupBy('tool')
      .orderBy('calls', 'desc')
      .orderBy('tool')
      .limit(5)
      .execute(),
  ]);
  return {
    availableMicros: balance?.available_micros ?? 0,
    reservedMicros: balance?.reserved_micros ?? 0,
    spentMicros: balance?.spent_micros ?? 0,
    callsToday: counts.today,
    totalCalls: counts.total,
    lastUsedAt: counts.last,
    topTools: top.map((t) => ({ tool: t.tool, calls: t.calls, spentMicros: Number(t.spent) })),
  };
}
