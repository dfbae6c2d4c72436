import { createRelay } from '../../core/relay/createRelay';
import type { InlineHandler } from '../inline/inlineHandler';
import { callerAccount } from '../callerAccount';

/** POST /webhooks/create: a relay owned by the calling key, and the URL to give outside services. */
export const createRelayHandler: InlineHandler = async (_input, { deps, state }) => {
  const { accountId } = callerAccount(state);
  const relayId = await createRelay(deps.store, { accountId, requestId: state.requestId, ip: state.clientIp });
  const base = deps.config.publicBaseUrl;
  return {
    id: relayId,
    url: `${base}/webhooks/${relayId}/receive`,
    events_url: `${base}/webhooks/${relayId}/events`,
    retention_hours: deps.config.relayRetentionHours,
    max_bytes: deps.config.relayMaxBytes,
  };
};
