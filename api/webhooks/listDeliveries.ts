import { LIVE_SCHEMA } from '../../core/projections';
import type { webhookTools } from '../../schema/webhooks/webhookTools';
import type { HandlerFor } from '../inline/inlineHandler';
import { callerAccount } from '../callerAccount';

/** GET /webhooks/deliveries: the key's recent deliveries (webhooks and job callbacks), newest first, with every attempt. */
export const listDeliveries: HandlerFor<typeof webhookTools, 'webhooks/deliveries'> = async (input, { deps, state }) => {
  const { accountId } = callerAccount(state);
  let query = deps.store.db.withSchema(LIVE_SCHEMA).selectFrom('deliveries').selectAll().where('account_id', '=', accountId);
  if (typeof input.webhook_id === 'string') query = query.where('webhook_id', '=', input.webhook_id);
  const rows = await query.orderBy('created_at', 'desc').orderBy('delivery_id').limit(input.limit).execute();
  return {
    deliveries: rows.map((d) => ({
      delivery_id: d.delivery_id,
      kind: d.kind,
      webhook_id: d.webhook_id,
      job_id: d.job_id,
      event: d.event,
      event_id: d.event_id,
      url: d.url,
      status: d.status,
      attempt_count: d.attempts,
      last_status_code: d.last_status_code,
      attempts: d.attempt_log,
      next_attempt_at: d.next_attempt_at?.toISOString() ?? null,
      failure: d.failure,
      created_at: d.created_at.toISOString(),
      finished_at: d.finished_at?.toISOString() ?? null,
    })),
    count: rows.length,
  };
};
