import { schemaFeature } from '../schemaFeature';
import { relaySettings } from './relaySettings';
import { relayTools } from './relayTools';
import type { RelayEvents } from './relayEvents';

/** Inbound relays: a URL outsiders POST to, its events kept for a while (relay-<id>, relaypurge-<day>). */
export const feature = schemaFeature<RelayEvents>()({
  tools: relayTools,
  streams: {
    relay: (relayId: string) => `relay-${relayId}`,
    relayPurges: (day: string) => `relaypurge-${day}`,
  },
  settings: { title: 'The inbound relay', settings: relaySettings },
});
