import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables';
import { LIVE_SCHEMA } from '../projections/liveSchema';

/** Free calls an allowance (the HTTP free tier's IP, or `mcp:<ip>`) has used on a UTC day, and whether it was refused for running out. */
export async function freeCallsUsed(db: Kysely<Tables>, allowanceId: string, day: string): Promise<{ used: number; exhausted: boolean }> {
  const row = await db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('free_tier_usage')
    .select(['used', 'exhausted'])
    .where('ip', '=', allowanceId)
    .where('day', '=', day)
    .executeTakeFirst();
  return { used: row?.used ?? 0, exhausted: row?.exhausted ?? false };
}
