import type { Setting } from '../settings/setting';

/** The messages' settings. */
export const messageSettings = {
  broadcastsPerHour: {
    env: 'BROADCASTS_PER_HOUR',
    kind: 'int',
    default: '5',
    doc: 'Broadcasts one owner (a key’s account or a wallet) may send in any hour (429 above it).',
  },
} as const satisfies Record<string, Setting>;
