import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { recordCircuit } from '../../core/availability/providerCircuits';
import type { Tables } from '../../core/db/tables';
import type { CircuitChange } from './circuitBreaker';

/** This process among the workers: its host and process id. */
export function defaultWorkerId(): string {
  return `${hostname()}/${process.pid}`;
}

/**
 * Writes each opening and closing of this worker's circuits to provider_circuits, where the API reads which configured
 * providers are failing (/status, the tool listings). Off the call's path: the write is not awaited, and one that fails
 * is reported, not retried (the next change writes again; an opening ends at its `open_until` anyway).
 */
export function circuitRecorder(db: Kysely<Tables>, worker: string, onError: (error: unknown) => void = logFailure) {
  return (circuit: string, change: CircuitChange): void => {
    const state = change.open ? { openUntil: change.until, failures: change.failures, reason: change.reason } : { openUntil: null, failures: 0, reason: '' };
    recordCircuit(db, worker, circuit, state).catch(onError);
  };
}

function logFailure(error: unknown): void {
  console.error(`recording a provider circuit failed: ${(error as Error).message}`);
}
