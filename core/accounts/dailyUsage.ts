import { type Kysely, sql } from 'kysely';
import type { Tables } from '../db/tables';
import { LIVE_SCHEMA } from '../projections/liveSchema';

export interface DailyUsage {
  /** Every UTC day from `from` to `to`, oldest first; days without calls are there at zero. */
  readonly days: readonly { day: string; calls: number; failed: number; spentMicros: number }[];
  /** The window's calls and spend by tool, most calls first. */
  readonly tools: readonly { tool: string; calls: number; spentMicros: number }[];
}

/** An account's calls and spend per UTC day and per tool, read from the calls read model. Refused calls are not calls. */
export async function dailyUsage(db: Kysely<Tables>, accountId: string, window: { from: string; to: string }): Promise<DailyUsage> {
  const calls = db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('calls')
    .where('payer_id', '=', accountId)
    .where('status', '!=', 'rejected')
    .where('started_at', '>=', new Date(`${window.from}T00:00:00Z`))
    .where('started_at', '<', new Date(Date.parse(`${window.to}T00:00:00Z`) + 86_400_000));
  const day = sql<string>`to_char(started_at at time zone 'UTC', 'YYYY-MM-DD')`;
  const [byDay, byTool] = await Promise.all([
    calls
      .select([
        day.as('day'),
        sql<number>`count(*)::int`.as('calls'),
        sql<number>`(count(*) filter (where status = 'failed'))::int`.as('failed'),
        sql<string>`coalesce(sum(charged_micros), 0)::text`.as('spent'),
      ])
      .groupBy(day)
      .execute(),
    calls
      .select(['tool', sql<number>`count(*)::int`.as('calls'), sql<string>`coalesce(sum(charged_micros), 0)::text`.as('spent')])
      .groupBy('tool')
      .orderBy('calls', 'desc')
      .orderBy('tool')
      .execute(),
  ]);
  const found = new Map(byDay.map((row) => [row.day, row]));
  return {
    days: daysBetween(window.from, window.to).map((d) => {
      const row = found.get(d);
      return { day: d, calls: row?.calls ?? 0, failed: row?.failed ?? 0, spentMicros: Number(row?.spent ?? 0) };
    }),
    tools: byTool.map((row) => ({ tool: row.tool, calls: row.calls, spentMicros: Number(row.spent) })),
  };
}

function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}
