import type { StoredEvent } from '../../core/eventStore/types';
import { InMemoryProjection } from '../../core/projections/evolveInMemory';
import type { Projection } from '../../core/projections/types';
import type { EventMap, EventType } from '../../schema/events';

/** When the first scenario event is recorded; each later one a second after the one before. */
export const T0 = new Date('2026-03-02T10:00:00.000Z');
let position = 0;

/** An event as the store records it, for a projection's given/when. */
export function recorded<K extends EventType>(type: K, data: EventMap[K], streamId = 'test-1'): StoredEvent {
  position += 1;
  const event = { position, transactionId: String(position), streamId, version: position, type, data, metadata: {}, recordedAt: at(position - 1) };
  return event as StoredEvent;
}

/** The moment of the n-th event recorded since the last reset (0 = the first). */
export function at(n: number): Date {
  return new Date(T0.getTime() + n * 1000);
}

/** Starts the event clock again, so every scenario's events are recorded at T0, T0 + 1 s … */
export function resetScenario(): void {
  position = 0;
}

/** Given these events and then the ones under test, the rows the projection holds (as replay and audit build them). */
export function rowsAfter<R extends object>(projection: Projection<R>, given: readonly StoredEvent[], when: readonly StoredEvent[]): R[] {
  const memory = new InMemoryProjection(projection);
  for (const event of [...given, ...when]) memory.apply(event);
  return [...memory.rows.values()] as R[];
}
