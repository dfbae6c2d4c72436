import type { Transaction } from 'kysely';
import createPostgresSubscriber from 'pg-listen';
import type { Db } from '../db/createDb';
import type { Tables } from '../db/tables';
import { EVENTS_CHANNEL } from '../eventStore/appendToStreams';
import { checkpointOf, readAllAfter, readAllAfterNoting } from '../eventStore/readAllAfter';
import { type Checkpoint, START, type StoredEvent } from '../eventStore/types';
import { reconnectDelayMs } from '../db/reconnectDelay';
import {
  advanceCheckpoints,
  type CheckpointMove,
  ensureCheckpoints,
  isAfter,
  lockCheckpoint,
  readCheckpoints,
  sameCheckpoint,
  storeCheckpoint,
} from './checkpoints';

export interface SubscriptionHandler {
  /** Unique name; its checkpoint is stored under it. */
  readonly id: string;
  /**
   * The event types it acts on, when not all. A batch with none of them moves its checkpoint on without running it
   * (one statement for every such handler), so a handler that rarely has work costs almost nothing per wake-up.
   */
  readonly handles?: readonly string[];
  /** Runs in the transaction that advances the checkpoint, so each event is handled exactly once. */
  handle(trx: Transaction<Tables>, events: readonly StoredEvent[]): Promise<void>;
}

export interface SubscriberOptions {
  readonly db: Db;
  readonly connectionString: string;
  readonly handlers: readonly SubscriptionHandler[];
  readonly batchSize?: number;
  /** A safety net for wake-ups no notification brings (a slower transaction that rolled back). */
  readonly pollIntervalMs?: number;
  /**
   * How long a notification waits for others before the pass it starts (default 30 ms). Every committed
   * transaction notifies; under load, gathering them makes one pass (and its fixed statements) serve several calls
   * instead of one each. The read models, webhooks and triggers lag by at most this much.
   */
  readonly gatherMs?: number;
  readonly onError?: (error: unknown) => void;
}

export interface Subscriber {
  start(): Promise<void>;
  /** Handles everything committed so far; resolves once the log is read to its end. */
  catchUp(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Keeps handlers up to date with the log: woken by pg_notify, it reads from its stored checkpoint, so
 * events appended while it was stopped or disconnected are handled at the next start or reconnect.
 */
export function createSubscriber(options: SubscriberOptions): Subscriber {
  const { db, handlers } = options;
  const batchSize = options.batchSize ?? 500;
  const listener = createPostgresSubscriber(
    { connectionString: options.connectionString },
    // The notification is a wake-up with an empty payload (see EVENTS_CHANNEL): nothing to parse.
    { retryLimit: Infinity, retryTimeout: 0, retryInterval: reconnectDelayMs, parse: (payload) => payload },
  );
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  let held = false;

  /**
   * Where each handler is in the log as this process knows it: read from the table at the first pass after each
   * flush (so what other processes did is seen within a poll interval), then kept here by this process's passes. A
   * handler with nothing to do in a pass is moved on here only; `stored` holds what the table had when last read or
   * written, the condition under which `flush` writes those moves, together, once per poll interval instead of once
   * per pass. Nothing is lost if the process dies first: the next reader finds, again, nothing for that handler there.
   */
  let known: Map<string, Checkpoint> | null = null;
  const stored = new Map<string, Checkpoint>();
  let flushWanted = false;

  /**
   * Runs a handler on what follows its checkpoint, in the transaction that moves the checkpoint on. `seen` are the
   * events the pass read after `expected` (where this process knows the handler to be): handed over as they are when
   * the locked checkpoint is still there or where the table had it (only events without the handler's types lie
   * between the two), read again after where it is now when another process moved it meanwhile.
   */
  async function batch(handler: SubscriptionHandler, expected: Checkpoint | undefined, seen: readonly StoredEvent[]): Promise<number> {
    const inTable = stored.get(handler.id);
    const { handled, at } = await db.transaction().execute(async (trx) => {
      const checkpoint = await lockCheckpoint(trx, handler.id);
      const unmoved = expected && (sameCheckpoint(checkpoint, expected) || (inTable && sameCheckpoint(checkpoint, inTable)));
      // Whether later events are held back is asked once per pass, by drain.
      const events = unmoved ? seen : await readAllAfter(trx, checkpoint, batchSize);
      if (events.length === 0) return { handled: 0, at: checkpoint };
      await handler.handle(trx, events);
      const last = checkpointOf(events[events.length - 1]!);
      await storeCheckpoint(trx, handler.id, last);
      return { handled: events.length, at: last };
    });
    known?.set(handler.id, at);
    stored.set(handler.id, at);
    return handled;
  }

  /** Writes the moves of handlers that had nothing to do (one statement), and forgets the rest: the next pass reads the table. */
  async function flush(): Promise<void> {
    const moves: CheckpointMove[] = [];
    for (const [subscriptionId, to] of known ?? []) {
      const from = stored.get(subscriptionId);
      if (from && !sameCheckpoint(from, to)) moves.push({ subscriptionId, from, to });
    }
    known = null;
    stored.clear();
    if (moves.length) await advanceCheckpoints(db, moves);
  }

  /**
   * One pass over the log for all handlers: the events after the earliest checkpoint are read once, a handler with
   * something to do in them runs in its own transaction (`batch` above), and a handler with nothing to do is moved on
   * in memory (`flush` writes it). A handler that fails is left out for the rest of the pass, so the others (the read
   * models) go on without it; the first failure is rethrown at the end.
   */
  async function drain(): Promise<number> {
    let total = 0;
    held = false;
    const failed = new Map<string, unknown>();
    if (!known) {
      known = await readCheckpoints(
        db,
        handlers.map((handler) => handler.id),
      );
      for (const [id, at] of known) stored.set(id, at);
    }
    const checkpoints = known;
    for (;;) {
      const live = handlers.filter((handler) => !failed.has(handler.id));
      if (live.length === 0) break;
      const from = earliest(live.map((handler) => checkpoints.get(handler.id) ?? START));
      // Events held back behind an open transaction sort after every event read here (by transaction id): asked
      // from `from` in the same statement, it is the same question as from the last event read.
      const { events, held: heldNow } = await readAllAfterNoting(db, from, batchSize);
      const end = events.length ? checkpointOf(events[events.length - 1]!) : from;
      if (events.length < batchSize && heldNow) held = true;
      if (events.length === 0) break;
      for (const handler of live) {
        const at = checkpoints.get(handler.id);
        const mine = at ? events.filter((event) => isAfter(checkpointOf(event), at)) : events;
        if (mine.length === 0) continue;
        if (at && handler.handles && !mine.some((event) => handler.handles!.includes(event.type))) {
          checkpoints.set(handler.id, end);
          continue;
        }
        try {
          total += await batch(handler, at, mine);
        } catch (error) {
          failed.set(handler.id, error);
        }
      }
      if (events.length < batchSize) break;
    }
    if (held) retrySoon();
    if (failed.size) throw failed.values().next().value;
    return total;
  }

  /**
   * Committed events wait behind an older transaction that is still open (possibly in another database of the
   * cluster: transaction ids are cluster-wide). Its commit may never notify us, so look again shortly.
   */
  let retryDelay = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  function retrySoon(): void {
    if (stopped || retryTimer) return;
    // At most a second (or the poll interval, if shorter): the open transaction is usually gone by then, and a
    // longer back-off left held-back events waiting for a whole poll interval.
    retryDelay = Math.min(Math.max(retryDelay * 2, 20), 1000, options.pollIntervalMs ?? 1000);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      wakeQuietly();
    }, retryDelay);
    retryTimer.unref();
  }

  /** Coalesces wake-ups: one drain at a time, and one more if woken during it. */
  function wake(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drain();
        if (flushWanted) {
          flushWanted = false;
          await flush();
        }
      } while (again && !stopped);
      if (!held) retryDelay = 0;
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const wakeQuietly = () => {
    if (stopped) return;
    wake().catch((error: unknown) => options.onError?.(error));
  };

  const gatherMs = options.gatherMs ?? 30;
  let gatherTimer: NodeJS.Timeout | undefined;
  const wakeSoon = () => {
    if (stopped || gatherTimer) return;
    gatherTimer = setTimeout(() => {
      gatherTimer = undefined;
      wakeQuietly();
    }, gatherMs);
  };

  return {
    async start() {
      listener.events.on('notification', gatherMs > 0 ? wakeSoon : wakeQuietly);
      listener.events.on('connected', wakeQuietly);
      listener.events.on('error', (error) => options.onError?.(error));
      await listener.connect();
      await listener.listenTo(EVENTS_CHANNEL);
      await ensureCheckpoints(
        db,
        handlers.map((handler) => handler.id),
      );
      // A handler failing now (Temporal not up yet) is reported, and tried again at the next wake-up or poll.
      await wake().catch((error: unknown) => options.onError?.(error));
      // Each poll writes the moves kept in memory and reads the checkpoints again at its pass.
      timer = setInterval(() => {
        flushWanted = true;
        wakeQuietly();
      }, options.pollIntervalMs ?? 1000);
      timer.unref();
    },
    catchUp: () => {
      flushWanted = true;
      return wake();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (retryTimer) clearTimeout(retryTimer);
      if (gatherTimer) clearTimeout(gatherTimer);
      await running?.catch(() => undefined);
      await flush().catch((error: unknown) => options.onError?.(error));
      await listener.close();
    },
  };
}

function earliest(checkpoints: readonly Checkpoint[]): Checkpoint {
  return checkpoints.reduce((min, checkpoint) => (isAfter(min, checkpoint) ? checkpoint : min));
}
