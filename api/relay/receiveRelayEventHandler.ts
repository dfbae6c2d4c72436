import { receiveRelayEvent } from '../../core/relay/receiveRelayEvent';
import { runRelayCustomAgents } from '../customAgents/runRelayCustomAgents';
import { NotFound, PayloadTooLarge } from '../errors/httpErrors';
import type { InlineHandler } from '../inline/inlineHandler';

// Senders' own signature and delivery headers are worth keeping; credentials of ours and proxy hops are not.
const KEPT_HEADERS = /^(content-type|user-agent|x-(?!api-key$|admin-token$|payment$|forwarded-|real-ip$).+)$/;

/** POST /webhooks/:id/receive: anyone may post JSON to a relay (its id is the secret); the owner reads it later. */
export const receiveRelayEventHandler: InlineHandler = async (input, { deps, state, params, headers, docs }) => {
  const relayId = params.id ?? '';
  const sizeBytes = Buffer.byteLength(JSON.stringify(input));
  if (sizeBytes > deps.config.relayMaxBytes) throw new PayloadTooLarge(deps.config.relayMaxBytes, docs);
  const kept = Object.fromEntries(
    Object.entries(headers)
      .filter(([name, value]) => KEPT_HEADERS.test(name) && value !== undefined)
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
  );
  const received = await receiveRelayEvent(deps.store.db, { relayId, payload: input, headers: kept, sourceIp: state.clientIp, sizeBytes });
  if (!received) throw new NotFound(`no relay at /webhooks/${relayId}/receive`, null, docs);
  await runRelayCustomAgents(deps, relayId, received.eventId, input);
  return { received: true, id: received.eventId, received_at: received.receivedAt.toISOString() };
};
