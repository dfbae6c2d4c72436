import { listRelayEvents } from '../../core/relay/listRelayEvents';
import { NotFound } from '../errors/httpErrors';
import type { InlineHandler } from '../inline/inlineHandler';
import { callerAccount } from './callerAccount';

/** GET /webhooks/:id/events: the relay's events for its owner; to anyone else the relay does not exist. */
export const listRelayEventsHandler: InlineHandler = async (input, { deps, state, params, docs }) => {
  const { accountId } = callerAccount(state);
  const relayId = params.id ?? '';
  const found = await listRelayEvents(deps.store.db, { relayId, accountId, limit: input.limit as number });
  if (!found) throw new NotFound(`no relay ${relayId}`, null, docs);
  return { id: relayId, retention_hours: deps.config.relayRetentionHours, events: found.events, count: found.events.length };
};
