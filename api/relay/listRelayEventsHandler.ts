import { listRelayEvents } from '../../core/relay/listRelayEvents';
import { NotFound } from '../errors/httpErrors';
import type { relayTools } from '../../schema/relay/relayTools';
import type { HandlerFor } from '../inline/inlineHandler';
import { callerAccount } from '../callerAccount';

/** GET /webhooks/:id/events: the relay's events for its owner; to anyone else the relay does not exist. */
export const listRelayEventsHandler: HandlerFor<typeof relayTools, 'webhooks/events'> = async (input, { deps, state, params, docs }) => {
  const { accountId } = callerAccount(state);
  const relayId = params.id ?? '';
  const found = await listRelayEvents(deps.store.db, { relayId, accountId, limit: input.limit });
  if (!found) throw new NotFound(`no relay ${relayId}`, null, docs);
  return { id: relayId, retention_hours: deps.config.relayRetentionHours, events: found.events, count: found.events.length };
};
