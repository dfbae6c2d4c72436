import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from './types';

export interface FreeTierUsageRow {
  ip: string;
  day: string;
  used: number;
  exhausted: boolean;
}

type FreeTierEvent = StoredEventOf<'FreeCallUsed' | 'FreeCallReturned' | 'FreeTierExhausted'>;

/** Free calls used per client IP and UTC day. */
export const freeTierUsage: Projection<FreeTierUsageRow> = {
  name: 'freeTierUsage',
  version: 1,
  mode: 'inline',
  table: 'free_tier_usage',
  columns: { ip: 'text', day: 'text', used: 'integer', exhausted: 'boolean' },
  key: ['ip', 'day'],
  handles: ['FreeCallUsed', 'FreeCallReturned', 'FreeTierExhausted'],
  keysOf: (event) => {
    const { ip, day } = (event as FreeTierEvent).data;
    return [{ ip, day }];
  },
  initial: (key) => ({ ip: key.ip as string, day: key.day as string, used: 0, exhausted: false }),
  evolve(row, stored) {
    const event = stored as FreeTierEvent;
    switch (event.type) {
      case 'FreeCallUsed':
        return { ...row, used: row.used + 1 };
      case 'FreeCallReturned':
        return { ...row, used: Math.max(0, row.used - 1) };
      case 'FreeTierExhausted':
        return { ...row, exhausted: true };
    }
  },
};
