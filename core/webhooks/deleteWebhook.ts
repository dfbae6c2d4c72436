import { event, streams } from '../../schema/events';
import type { EventStore } from '../eventStore';
import { LIVE_SCHEMA } from '../projections/liveSchema';

/** Deletes the account's webhook; false when there is none of that id (or it is someone else's: the same answer). */
export async function deleteWebhook(store: EventStore, request: { webhookId: string; accountId: string; requestId: string }): Promise<boolean> {
  const { webhookId, accountId, requestId } = request;
  const stream = streams.webhook(webhookId);
  return store.transaction(async (tx) => {
    const version = await tx.lock(stream);
    const row = await tx.trx.withSchema(LIVE_SCHEMA).selectFrom('webhooks').select('account_id').where('webhook_id', '=', webhookId).executeTakeFirst();
    if (row?.account_id !== accountId) return false;
    await tx.append(stream, [event('WebhookDeleted', { webhookId, accountId })], {
      expectedVersion: version,
      metadata: { requestId, actor: `key:${accountId}` },
    });
    return true;
  });
}
