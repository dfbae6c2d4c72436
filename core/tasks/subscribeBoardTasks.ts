import type { Owner } from '../../schema/agentNetwork';
import { event, streams, type TaskFilter } from '../../schema/events';
import { applyOnce, type CallScope } from '../calls/applyOnce';
import { scopedId } from '../calls/scopedId';
import { invalidInput } from '../calls/callFailures';
import type { EventStore } from '../eventStore';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { signingSecret } from '../webhooks/signingSecret';

// Enough for any real integration; a cap keeps one owner from fanning every new task out to thousands of URLs.
const MAX_SUBSCRIPTIONS_PER_OWNER = 20;

/**
 * Subscribes the caller's URL (checked by the outgoing-URL rules before this) to new tasks matching the filter.
 * Deliveries are signed with a secret derived from the subscription id (shown once here), like webhooks.
 */
export async function subscribeBoardTasks(
  store: EventStore,
  scope: CallScope,
  owner: Owner,
  input: { callbackUrl: string; filter: TaskFilter },
  signingKey: string,
): Promise<Record<string, unknown>> {
  return applyOnce(store, scope, async (tx, metadata) => {
    const { count } = await tx.trx
      .withSchema(LIVE_SCHEMA)
      .selectFrom('board_task_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('owner', '=', owner)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_SUBSCRIPTIONS_PER_OWNER)
      throw invalidInput(`you already have ${MAX_SUBSCRIPTIONS_PER_OWNER} task subscriptions`, 'That is the most one owner may have.');
    const subscriptionId = scopedId('tsub', scope.callId);
    const created = { subscriptionId, owner, callbackUrl: input.callbackUrl, filter: input.filter };
    const [stored] = (
      await tx.append(streams.boardTaskSubscription(subscriptionId), [event('TaskSubscriptionCreated', created)], { expectedVersion: 'no_stream', metadata })
    ).events;
    return {
      subscription_id: subscriptionId,
      callback_url: input.callbackUrl,
      filter: input.filter,
      secret: signingSecret(signingKey, { kind: 'task-subscription', id: subscriptionId }),
      created_at: stored!.recordedAt.toISOString(),
    };
  });
}
