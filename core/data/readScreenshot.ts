import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables';

/** A stored screenshot's PNG, or null when no screenshot has this id. */
export async function readScreenshot(db: Kysely<Tables>, id: string): Promise<Buffer | null> {
  const row = await db.selectFrom('screenshots').select('png').where('id', '=', id).executeTakeFirst();
  return row?.png ?? null;
}
