import type { StoredEvent } from '../eventStore';

/**
 * What of a call's reservation its effects have taken over, from the call's history: the hold it reserved besides
 * its price (ToolCallStarted.holdMicros, a task's reward) once its effects are applied (ToolEffectsApplied), when the
 * task holds it instead. That part is no longer the call's to settle or refund, whatever ends the call.
 */
export function takenOverHold(history: readonly StoredEvent[]): number {
  const started = history.find((e) => e.type === 'ToolCallStarted');
  const hold = started?.type === 'ToolCallStarted' ? (started.data.holdMicros ?? 0) : 0;
  return hold > 0 && history.some((e) => e.type === 'ToolEffectsApplied') ? hold : 0;
}
