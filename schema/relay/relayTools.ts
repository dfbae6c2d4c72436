import { micros } from '../money';
import { object } from '../registry/fields';
import type { ToolDraft } from '../registry/types';

const inline = { price: micros(0), premium: false, freeTier: false, execution: 'inline', model: 'none', category: 'agents', access: 'key' } as const;
const anyObject = { type: 'object' };
const timestamp = { type: 'string', format: 'date-time' };

/** Inbound relays that store what outsiders post (their paths sit under /webhooks/, beside the outbound webhooks). */
export const relayTools = [
  {
    ...inline,
    name: 'webhooks/create',
    title: 'Create an inbound relay',
    path: '/webhooks/create',
    method: 'POST',
    summary: 'Create an inbound relay: a unique URL outside services can POST JSON to; events are kept 7 days',
    input: object({}),
    output: object(
      { id: { type: 'string' }, url: { type: 'string' }, events_url: { type: 'string' }, retention_hours: { type: 'integer' }, max_bytes: { type: 'integer' } },
      ['id', 'url'],
    ),
  },
  {
    ...inline,
    name: 'webhooks/receive',
    title: 'Post to a relay',
    path: '/webhooks/:id/receive',
    method: 'POST',
    access: 'open',
    summary: 'Where outside services POST to a relay: any JSON object, no credentials, size-limited',
    input: { type: 'object', description: 'Any JSON object.' },
    output: object({ received: { type: 'boolean' }, id: { type: 'integer' }, received_at: timestamp }, ['received']),
  },
  {
    ...inline,
    name: 'webhooks/events',
    title: 'Events a relay received',
    path: '/webhooks/:id/events',
    method: 'GET',
    summary: "Events your relay received in the last 7 days, newest first (the relay's owner only)",
    input: object({ limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 } }),
    output: object({ id: { type: 'string' }, retention_hours: { type: 'integer' }, events: { type: 'array', items: anyObject }, count: { type: 'integer' } }, [
      'id',
      'events',
    ]),
  },
] as const satisfies readonly ToolDraft[];
