import type { relayTools } from '../../schema/relay/relayTools';
import type { ApiFeature } from '../features';
import type { FamilyHandlers } from '../inline/inlineHandler';
import { createRelayHandler } from './createRelayHandler';
import { listRelayEventsHandler } from './listRelayEventsHandler';
import { receiveRelayEventHandler } from './receiveRelayEventHandler';

/** Inbound relays: creating one, what outsiders post to it, and reading what it received. */
const relayHandlers: FamilyHandlers<typeof relayTools> = {
  'webhooks/create': createRelayHandler,
  'webhooks/receive': receiveRelayEventHandler,
  'webhooks/events': listRelayEventsHandler,
};

export const feature = { handlers: relayHandlers } satisfies ApiFeature;
