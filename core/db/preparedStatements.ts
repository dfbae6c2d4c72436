import { createHash } from 'node:crypto';
import pg from 'pg';

/** How a pool's connections prepare the statements they run often (see preparingClient). */
export interface PrepareOptions {
  /** Executions of one SQL text on a connection before it is prepared there; 0 turns preparing off. */
  readonly threshold: number;
  /** Prepared statements a connection keeps at most; texts beyond it run unprepared. */
  readonly maxPerConnection?: number;
}

/** How many distinct texts a connection counts before it starts counting afresh (dynamic SQL must not grow it forever). */
const MAX_COUNTED_TEXTS = 2000;

/** PostgreSQL's refusal to run a prepared statement whose result columns changed (a migration added one under it). */
function isStalePlan(error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(error.message);
}

type Callback = (error: Error | null, result?: unknown) => void;

/**
 * A pg Client that turns the parameterised SQL it runs often into server-side prepared statements, as PgJDBC's
 * prepareThreshold and Npgsql's auto-prepare do: a text run `threshold` times on a connection is prepared there, under
 * a name derived from the text, and from then on PostgreSQL skips parsing and planning it. Measured on the quick
 * charge (its lock statement and appends are CTEs whose planning costs more than their execution): PostgreSQL's CPU per
 * charge halved, 1.4–1.5 → 0.75–0.8 ms, and the charges per second of 16 callers rose by half.
 *
 * Only texts with parameters are prepared (DDL and one-off statements run as they are), at most `maxPerConnection`
 * per connection. A prepared statement whose result columns a migration changed fails once with "cached plan must not
 * change result type": outside a transaction it is run again unprepared, and either way the connection prepares it
 * afresh under a new name the next time. Poolers that share server sessions between clients without tracking
 * prepared statements (PgBouncer in transaction mode before 1.21) need PG_PREPARE_THRESHOLD=0.
 */
export function preparingClient(options: PrepareOptions): typeof pg.Client {
  const { threshold, maxPerConnection = 256 } = options;
  return class PreparingClient extends pg.Client {
    private readonly seen = new Map<string, number>();
    private readonly prepared = new Map<string, string>();
    private generation = 0;

    // pg's query() has many overloads; only (text, values[, callback]) is ever prepared, the rest pass through as given.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(config: any, values?: any, callback?: any): any {
      const name = typeof config === 'string' && Array.isArray(values) && values.length > 0 ? this.nameFor(config) : undefined;
      if (name === undefined) return super.query(config, values, callback);
      const text = config as string;
      const unprepared = () => super.query(text, values);
      const retried = (error: unknown): Promise<unknown> => {
        if (!isStalePlan(error)) throw error;
        this.forget(text);
        // Inside a transaction the failure has aborted it: the caller's retry runs the whole transaction again.
        if ((this as unknown as { _txStatus?: string })._txStatus !== 'I') throw error;
        return unprepared();
      };
      const run = (super.query({ name, text, values }) as Promise<unknown>).catch(retried);
      if (typeof callback !== 'function') return run;
      run.then(
        (result) => (callback as Callback)(null, result),
        (error: Error) => (callback as Callback)(error),
      );
      return undefined;
    }

    private nameFor(text: string): string | undefined {
      const known = this.prepared.get(text);
      if (known !== undefined) return known;
      if (threshold <= 0 || this.prepared.size >= maxPerConnection) return undefined;
      const count = (this.seen.get(text) ?? 0) + 1;
      if (count < threshold) {
        if (this.seen.size >= MAX_COUNTED_TEXTS) this.seen.clear();
        this.seen.set(text, count);
        return undefined;
      }
      this.seen.delete(text);
      const name = `tg${this.generation}_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
      this.prepared.set(text, name);
      return name;
    }

    /** The next run of this text prepares it again, under a name the connection has not used. */
    private forget(text: string): void {
      this.prepared.delete(text);
      this.generation += 1;
      // pg remembers which names it parsed on this connection; the old name stays there, unused.
    }
  };
}
