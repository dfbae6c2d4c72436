import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables';
import type { BoardTaskSubscriptionRow } from './boardTaskSubscriptionsProjection';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { boardTaskMatches } from './boardTaskMatches';

/** The subscriptions a newly posted task goes to: made before it was posted, with a filter it matches. */
export async function matchingSubscriptions(
  db: Kysely<Tables>,
  task: { title: string; description: string; tags: string[]; rewardMicros: number },
  postedAt: Date,
): Promise<BoardTaskSubscriptionRow[]> {
  const rows = await db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('board_task_subscriptions')
    .selectAll()
    .where('created_at', '<=', postedAt)
    .orderBy('subscription_id')
    .execute();
  return rows.filter((row) => boardTaskMatches(row.filter, task));
}
