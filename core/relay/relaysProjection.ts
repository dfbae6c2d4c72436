import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export interface RelayRow {
  relay_id: string;
  account_id: string;
  created_at: Date;
}

/** Who owns each inbound relay. Inline: its receiving URL works the moment it is created. */
export const relays: Projection<RelayRow> = {
  name: 'relays',
  version: 1,
  mode: 'inline',
  table: 'relays',
  columns: { relay_id: 'text', account_id: 'text', created_at: 'timestamptz' },
  key: ['relay_id'],
  indexes: [['account_id']],
  handles: ['RelayCreated'],
  keysOf: (event) => [{ relay_id: (event as StoredEventOf<'RelayCreated'>).data.relayId }],
  initial: (key, event) => ({
    relay_id: key.relay_id as string,
    account_id: (event as StoredEventOf<'RelayCreated'>).data.accountId,
    created_at: event.recordedAt,
  }),
  evolve: (row) => row,
};
