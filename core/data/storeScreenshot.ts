import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables';

/** Stores a PNG under the SHA-256 of its bytes (once, however often it is taken) and returns that id. */
export async function storeScreenshot(db: Kysely<Tables>, shot: { png: Buffer; pageUrl: string; width: number; height: number }): Promise<string> {
  const id = createHash('sha256').update(shot.png).digest('hex');
  await db
    .insertInto('screenshots')
    .values({ id, png: shot.png, page_url: shot.pageUrl, width: shot.width, height: shot.height })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  return id;
}
