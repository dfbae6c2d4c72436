import createPostgresSubscriber from 'pg-listen';
import { reconnectDelayMs } from '../db/reconnectDelay';

/**
 * Where a change of a key is announced: the events table's trigger (migration 0170) notifies this channel, with the
 * key's id, whenever an event is appended to a `key-<id>` stream (created, settings changed, rotated, revoked). PostgreSQL
 * delivers it at commit to every session listening, so every API replica hears of it at once.
 */
export const KEY_CHANGES_CHANNEL = 'key_changes';

/** A key changed; or `all`: notifications may have been missed (the connection was lost), so anything known may be stale. */
export type KeyChange = { readonly kind: 'key'; readonly keyId: string } | { readonly kind: 'all' };

export interface KeyChangeFeed {
  /** Whether every change is heard now: listening on a live connection. Only then may a key found be kept. */
  readonly live: boolean;
  onChange(listener: (change: KeyChange) => void): void;
  close(): Promise<void>;
}

/**
 * Listens for key changes on a connection of its own (pg-listen, reconnecting without end). While the connection is
 * down the feed is not live and says `all` when it drops and when it is back (LISTEN renewed first), since a
 * notification sent meanwhile was lost. A connection that hangs without failing is found by pg-listen's check query.
 */
export async function listenForKeyChanges(connectionString: string, options: { onError?: (error: unknown) => void } = {}): Promise<KeyChangeFeed> {
  const listener = createPostgresSubscriber(
    { connectionString, application_name: 'toolgate-key-changes' },
    { retryLimit: Infinity, retryTimeout: 0, retryInterval: reconnectDelayMs, parse: (payload) => payload, paranoidChecking: 10_000 },
  );
  const listeners: ((change: KeyChange) => void)[] = [];
  const tell = (change: KeyChange) => {
    for (const each of listeners) each(change);
  };
  let live = false;
  let closed = false;
  const lost = () => {
    live = false;
    tell({ kind: 'all' });
  };
  // pg-listen says `reconnect` when it starts over after a lost connection, and `connected` once it listens again.
  listener.events.on('reconnect', lost);
  listener.events.on('error', (error) => {
    lost();
    options.onError?.(error);
  });
  listener.notifications.on(KEY_CHANGES_CHANNEL, (keyId: unknown) => {
    if (typeof keyId === 'string' && keyId) tell({ kind: 'key', keyId });
    else tell({ kind: 'all' });
  });
  await listener.connect();
  await listener.listenTo(KEY_CHANGES_CHANNEL);
  listener.events.on('connected', () => {
    if (closed) return;
    live = true;
    tell({ kind: 'all' });
  });
  live = true;
  return {
    get live() {
      return live;
    },
    onChange: (each) => listeners.push(each),
    async close() {
      closed = true;
      live = false;
      await listener.close();
    },
  };
}
