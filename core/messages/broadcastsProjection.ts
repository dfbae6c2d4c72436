import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export interface BroadcastRow {
  broadcast_id: string;
  owner: string;
  from_agent: string;
  subject: string | null;
  body: string;
  requested_at: Date;
  recipients: number | null;
  delivered_at: Date | null;
}

type BroadcastEvent = StoredEventOf<'BroadcastRequested' | 'BroadcastDelivered'>;

/**
 * Broadcasts by owner (rows from the owner's `broadcasts-<owner>` stream). Inline: the per-owner hourly limit is
 * counted here under that stream's lock, and the fan-out reads the message to deliver from it.
 */
export const broadcasts: Projection<BroadcastRow> = {
  name: 'broadcasts',
  version: 1,
  mode: 'inline',
  table: 'broadcasts',
  columns: {
    broadcast_id: 'text',
    owner: 'text',
    from_agent: 'text',
    subject: 'text',
    body: 'text',
    requested_at: 'timestamptz',
    recipients: 'integer',
    delivered_at: 'timestamptz',
  },
  key: ['broadcast_id'],
  indexes: [['owner', 'requested_at']],
  handles: ['BroadcastRequested', 'BroadcastDelivered'],
  keysOf: (event) => [{ broadcast_id: (event as BroadcastEvent).data.broadcastId }],
  initial: (key, event) => ({
    broadcast_id: key.broadcast_id as string,
    owner: '',
    from_agent: '',
    subject: null,
    body: '',
    requested_at: event.recordedAt,
    recipients: null,
    delivered_at: null,
  }),
  evolve(row, stored) {
    const event = stored as BroadcastEvent;
    if (event.type === 'BroadcastDelivered') return { ...row, recipients: event.data.recipients, delivered_at: event.recordedAt };
    const { owner, from, subject, body } = event.data;
    return { ...row, owner, from_agent: from, subject: subject ?? null, body, requested_at: event.recordedAt };
  },
};
