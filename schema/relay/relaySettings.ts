import type { Setting } from '../settings/setting';

/** Settings of the inbound relay (schema/config.ts gathers the groups). */
export const relaySettings = {
  relayRetentionHours: {
    env: 'RELAY_RETENTION_HOURS',
    kind: 'int',
    default: '168',
    doc: 'How long inbound relay events are kept before the purge schedule deletes them (7 days).',
  },
  relayPurgeEveryMinutes: { env: 'RELAY_PURGE_EVERY_MINUTES', kind: 'int', default: '60', doc: 'How often the Temporal schedule purges expired relay events.' },
  relayMaxBytes: { env: 'RELAY_MAX_BYTES', kind: 'int', default: '262144', doc: 'Largest JSON body POST /webhooks/{id}/receive accepts (413 above it).' },
} as const satisfies Record<string, Setting>;
