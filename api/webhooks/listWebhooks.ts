import { LIVE_SCHEMA } from '../../core/projections';
import type { InlineHandler } from '../inline/inlineHandler';
import { callerAccount } from '../callerAccount';
import { webhookView } from './webhookView';

/** GET /webhooks/list: the calling key's webhooks, oldest first. */
export const listWebhooks: InlineHandler = async (_input, { deps, state }) => {
  const { accountId } = callerAccount(state);
  const rows = await deps.store.db
    .withSchema(LIVE_SCHEMA)
    .selectFrom('webhooks')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('webhook_id')
    .execute();
  return { webhooks: rows.map(webhookView), count: rows.length };
};
