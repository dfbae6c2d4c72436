import type { StoredEvent } from '../eventStore/types';
import { rowKey } from './projectionTable';
import type { AnyProjection, Row } from './types';

/** Replays events into rows held in memory: the auditor's path, with no SQL between events. */
export class InMemoryProjection {
  readonly rows = new Map<string, Row>();
  constructor(readonly projection: AnyProjection) {}

  apply(event: StoredEvent): void {
    if (!this.projection.handles.includes(event.type)) return;
    for (const key of this.projection.keysOf(event)) {
      const id = rowKey(this.projection, key);
      const current = this.rows.get(id) ?? this.projection.initial(key, event);
      const next = this.projection.evolve(current, event);
      if (next === null) this.rows.delete(id);
      else this.rows.set(id, next);
    }
  }
}
