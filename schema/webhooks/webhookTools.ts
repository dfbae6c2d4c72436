import { micros } from '../money';
import { NOTIFICATION_EVENTS, RETRY_SCHEDULE, SIGNATURE_RECIPE } from './notifications';
import { object } from '../registry/fields';
import type { ToolDraft } from '../registry/types';

const inline = { price: micros(0), premium: false, freeTier: false, execution: 'inline', model: 'none', category: 'agents', access: 'key' } as const;
const anyObject = { type: 'object' };
const timestamp = { type: 'string', format: 'date-time' };
const webhookFields = {
  id: { type: 'string' },
  url: { type: 'string' },
  events: { type: 'array', items: { enum: NOTIFICATION_EVENTS } },
  threshold: { type: ['number', 'null'] },
  created_at: timestamp,
};
const webhook = object(webhookFields, ['id', 'url', 'events', 'created_at']);

/** Outbound notifications to registered HTTPS endpoints, signed and retried (inbound relays: schema/relay/relayTools.ts). */
export const webhookTools = [
  {
    ...inline,
    name: 'webhooks/register',
    title: 'Register a webhook',
    path: '/webhooks/register',
    method: 'POST',
    summary: `Register an HTTPS endpoint for low_balance, payment_received, free_tier_exhausted and agent_task events. ${SIGNATURE_RECIPE} ${RETRY_SCHEDULE}`,
    input: object(
      {
        url: { type: 'string', minLength: 1, maxLength: 2048, description: 'HTTPS; private, loopback and cloud-metadata addresses are refused.' },
        events: { type: 'array', items: { enum: NOTIFICATION_EVENTS }, minItems: 1, uniqueItems: true, default: [...NOTIFICATION_EVENTS] },
        threshold: { type: 'number', exclusiveMinimum: 0, maximum: 10_000, description: 'USD: low_balance fires when a call takes the balance below it.' },
      },
      ['url'],
    ),
    output: object(
      {
        ...webhookFields,
        secret: { type: 'string', description: 'Signing secret (whsec_…); shown only here.' },
        signature: object({ header: { type: 'string' }, event_id_header: { type: 'string' }, recipe: { type: 'string' } }),
        retries: { type: 'string' },
        note: { type: 'string' },
      },
      ['id', 'url', 'events', 'created_at', 'secret'],
    ),
    example: { url: 'https://example.com/hooks/toolgate', events: ['low_balance', 'payment_received'], threshold: 0.5 },
  },
  {
    ...inline,
    name: 'webhooks/list',
    title: 'List your webhooks',
    path: '/webhooks/list',
    method: 'GET',
    summary: 'Your registered webhooks',
    input: object({}),
    output: object({ webhooks: { type: 'array', items: webhook }, count: { type: 'integer' } }, ['webhooks']),
  },
  {
    ...inline,
    name: 'webhooks/delete',
    title: 'Delete a webhook',
    path: '/webhooks/:id',
    method: 'DELETE',
    summary: 'Delete one of your webhooks; its pending retries stop',
    input: object({}),
    output: object({ id: { type: 'string' }, deleted: { type: 'boolean' } }, ['id', 'deleted']),
  },
  {
    ...inline,
    name: 'webhooks/test-event',
    title: 'Send a test event',
    errorStatuses: [404],
    path: '/webhooks/test-event',
    method: 'POST',
    keyInQuery: true,
    summary: 'Send a signed test event to your webhooks (all, or one), delivered and retried like a real one',
    input: object({
      webhook_id: { type: 'string', minLength: 1, maxLength: 100 },
      event: { enum: ['test', ...NOTIFICATION_EVENTS], default: 'test', description: 'A notification name sends a sample of it (marked test: true).' },
    }),
    output: object(
      {
        sent: { type: 'integer' },
        event: { type: 'string' },
        event_id: { type: 'string' },
        deliveries: { type: 'array', items: object({ delivery_id: { type: 'string' }, webhook_id: { type: 'string' }, url: { type: 'string' } }) },
      },
      ['sent', 'deliveries'],
    ),
  },
  {
    ...inline,
    name: 'webhooks/deliveries',
    title: 'Webhook deliveries',
    path: '/webhooks/deliveries',
    method: 'GET',
    summary: 'Recent deliveries to your webhooks and job callbacks, each with its attempts and status codes',
    input: object({
      webhook_id: { type: 'string', minLength: 1, maxLength: 100 },
      limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
    }),
    output: object({ deliveries: { type: 'array', items: anyObject }, count: { type: 'integer' } }, ['deliveries']),
  },
] as const satisfies readonly ToolDraft[];
