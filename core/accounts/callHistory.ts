import { type Kysely, sql } from 'kysely';
import type { Tables } from '../db/tables';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import type { CallRow } from '../projections/calls';

/** Where a page of calls starts: after this call, in newest-first order. */
export interface CallPosition {
  /** The call's start, to the microsecond, as PostgreSQL wrote it (a JS Date would round it and skip or repeat calls). */
  readonly startedAt: string;
  readonly callId: string;
}

export interface CallPage {
  readonly calls: readonly (CallRow & { readonly position: CallPosition })[];
  /** Where the next page starts; null on the last page. */
  readonly next: CallPosition | null;
}

/** An account's calls from the calls read model, newest first, a page at a time (keyset: new calls never shift a page). */
export async function callHistory(
  db: Kysely<Tables>,
  accountId: string,
  page: { limit: number; after?: CallPosition; tool?: string; status?: CallRow['status'] },
): Promise<CallPage> {
  let query = db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('calls')
    .selectAll()
    .select(sql<string>`to_char(started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('started_at_exact'))
    .where('payer_id', '=', accountId)
    .where('status', '!=', 'rejected');
  if (page.tool) query = query.where('tool', '=', page.tool);
  if (page.status) query = query.where('status', '=', page.status);
  if (page.after) query = query.where(sql<boolean>`(started_at, call_id) < (${page.after.startedAt}::timestamptz, ${page.after.callId})`);
  const rows = await query
    .orderBy('started_at', 'desc')
    .orderBy('call_id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const calls = rows.slice(0, page.limit).map(({ started_at_exact, ...row }) => ({ ...row, position: { startedAt: started_at_exact, callId: row.call_id } }));
  return { calls, next: rows.length > page.limit ? calls.at(-1)!.position : null };
}
