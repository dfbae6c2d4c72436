import type pg from 'pg';
import { type CallStreamNotice, callStreamChannel } from '../../schema/callStream';

export type NoticeListener = (notice: CallStreamNotice) => void;

export interface CallStreamHub {
  /** Listens on the call's channel; resolves once LISTEN is in place, so nothing published afterwards is missed. */
  subscribe(callId: string, listener: NoticeListener): Promise<() => Promise<void>>;
}

/**
 * One PostgreSQL connection LISTENing for every call this API instance is streaming, held only while at least
 * one stream is open (so an idle API holds none, and a stopping one can drain its pool). LISTEN, UNLISTEN and
 * the connection's release run one after another, so a stream that ends never unlistens a channel another
 * stream just asked for. A lost connection loses notices, not answers: the `done` event carries the whole result.
 */
export function createCallStreamHub(pool: pg.Pool): CallStreamHub {
  const listeners = new Map<string, Set<NoticeListener>>();
  let client: pg.PoolClient | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  const onNotification = (message: pg.Notification) => {
    if (!message.payload) return;
    let notice: CallStreamNotice;
    try {
      notice = JSON.parse(message.payload) as CallStreamNotice;
    } catch {
      return;
    }
    for (const listener of listeners.get(message.channel) ?? []) listener(notice);
  };
  // A client goes back to the pool without our handlers: the pool lends it to others, and its errors are the pool's then.
  const giveBack = (held: pg.PoolClient, broken: boolean) => {
    if (client === held) client = undefined;
    held.off('notification', onNotification);
    held.off('error', onError);
    held.release(broken);
  };
  const onError = () => {
    if (client) giveBack(client, true);
  };
  const connection = async (): Promise<pg.PoolClient> => {
    if (client) return client;
    const fresh = await pool.connect();
    fresh.on('notification', onNotification);
    fresh.on('error', onError);
    client = fresh;
    return fresh;
  };

  return {
    async subscribe(callId, listener) {
      const channel = callStreamChannel(callId);
      const existing = listeners.get(channel);
      const set = existing ?? new Set<NoticeListener>();
      set.add(listener);
      listeners.set(channel, set);
      if (!existing) await serially(async () => (await connection()).query(`LISTEN "${channel}"`));
      return () =>
        serially(async () => {
          set.delete(listener);
          if (set.size > 0 || listeners.get(channel) !== set) return;
          listeners.delete(channel);
          const held = client;
          if (!held) return;
          try {
            await held.query(`UNLISTEN "${channel}"`);
          } catch {
            // The connection was cut and its error event has not reached us yet: it listens to nothing any more.
            if (client === held) giveBack(held, true);
            return;
          }
          if (listeners.size === 0) giveBack(held, false);
        });
    },
  };
}
