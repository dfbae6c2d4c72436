import { type Kysely, sql } from 'kysely';
import type { Tables } from '../db/tables';

/** A circuit some worker holds open: its key (a provider name, or `local-server <address>`), until when, and why. */
export interface OpenCircuit {
  readonly circuit: string;
  readonly until: Date;
  readonly failures: number;
  readonly reason: string;
}

/** Records that a worker opened a circuit (until a time) or closed it (null). */
export async function recordCircuit(
  db: Kysely<Tables>,
  worker: string,
  circuit: string,
  state: { readonly openUntil: Date | null; readonly failures: number; readonly reason: string },
): Promise<void> {
  const row = { open_until: state.openUntil, failures: state.failures, reason: state.reason.slice(0, 500), updated_at: sql<Date>`now()` };
  await db
    .insertInto('provider_circuits')
    .values({ worker, circuit, ...row })
    .onConflict((conflict) => conflict.columns(['worker', 'circuit']).doUpdateSet(row))
    .execute();
}

/**
 * The circuits open now on any worker, one per key (the one open longest when several workers hold it): a configured
 * provider one worker gave up on is failing, whatever the others last saw.
 */
export async function readOpenCircuits(db: Kysely<Tables>, now: Date): Promise<OpenCircuit[]> {
  const rows = await db
    .selectFrom('provider_circuits')
    .select(['circuit', 'open_until', 'failures', 'reason'])
    .where('open_until', '>', now)
    .orderBy('circuit')
    .orderBy('open_until', 'desc')
    .execute();
  const byCircuit = new Map<string, OpenCircuit>();
  for (const row of rows) {
    if (!byCircuit.has(row.circuit)) byCircuit.set(row.circuit, { circuit: row.circuit, until: row.open_until!, failures: row.failures, reason: row.reason });
  }
  return [...byCircuit.values()];
}
