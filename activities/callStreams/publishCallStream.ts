import { sql } from 'kysely';
import { type CallStreamNotice, callStreamChannel, MAX_NOTICE_TEXT } from '../../schema/callStream';
import type { Db } from '../../core/db/createDb';

export interface CallStreamPublisher {
  /** Queues a piece of the answer; pieces are batched for a few milliseconds, then published in order. */
  push(text: string): void;
  /** Publishes what is queued now, as one notice of its own (an answer already written, sent block by block). */
  flush(): void;
  /** Publishes what is queued and the `end` notice; resolves once PostgreSQL has them all. */
  finish(): Promise<void>;
  /** Characters pushed so far. */
  readonly length: number;
}

export interface PublishOptions {
  readonly callId: string;
  readonly attempt: number;
  /** How long pieces gather before one NOTIFY carries them: fewer round trips, still well under what a reader notices. */
  readonly batchMs?: number;
}

/**
 * Publishes a streaming answer on the call's NOTIFY channel. Notices are sent one after another on a promise
 * chain, so they arrive in order. Publishing is best effort: the durable answer is the call's result, which the
 * API sends in its `done` event whatever was missed, so a failed NOTIFY is remembered and the stream goes on.
 */
export function publishCallStream(db: Db, options: PublishOptions): CallStreamPublisher {
  const channel = callStreamChannel(options.callId);
  const batchMs = options.batchMs ?? 20;
  let pending = '';
  let sent = 0;
  let length = 0;
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<void> = Promise.resolve();

  const notify = (notice: CallStreamNotice) => {
    chain = chain.then(() =>
      sql`select pg_notify(${channel}, ${JSON.stringify(notice)})`.execute(db).then(
        () => undefined,
        () => undefined,
      ),
    );
  };
  const flush = () => {
    timer = undefined;
    while (pending.length > 0) {
      const text = pending.slice(0, MAX_NOTICE_TEXT);
      pending = pending.slice(text.length);
      notify({ kind: 'delta', attempt: options.attempt, offset: sent, text });
      sent += text.length;
    }
  };

  return {
    push(text) {
      if (!text) return;
      pending += text;
      length += text.length;
      timer ??= setTimeout(flush, batchMs);
    },
    flush() {
      clearTimeout(timer);
      flush();
    },
    async finish() {
      clearTimeout(timer);
      flush();
      notify({ kind: 'end', attempt: options.attempt, length: sent });
      await chain;
    },
    get length() {
      return length;
    },
  };
}
