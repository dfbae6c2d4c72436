import { currentActivity, steadyHeartbeat } from '../activityContext';

/** What a running tool is doing, as its heartbeats say (visible on the pending activity in the Temporal UI). */
export interface ProgressDetails {
  readonly phase: 'starting' | 'fetching' | 'waiting-for-model' | 'streaming' | 'validating' | 'repairing' | 'running';
  /** Characters of answer received so far. */
  readonly characters: number;
  /** Model requests made so far (a repair is a second one). */
  readonly requests: number;
}

export interface CallProgress {
  /** Aborts when the call is cancelled (a client that cut its stream); undefined outside an activity. */
  readonly signal: AbortSignal | undefined;
  /** The activity attempt, 1 on the first run. */
  readonly attempt: number;
  update(change: Partial<ProgressDetails>): void;
  stop(): void;
}

/**
 * Heartbeats for a queued tool activity: one at once, one on every change, and a steady beat between so a slow
 * model is not taken for a dead worker (activityContext.ts). Local activities cannot heartbeat; they only get the signal.
 */
export function trackCallProgress(): CallProgress {
  let details: ProgressDetails = { phase: 'starting', characters: 0, requests: 0 };
  const heartbeat = steadyHeartbeat(() => details);
  return {
    signal: heartbeat.signal,
    attempt: currentActivity()?.info.attempt ?? 1,
    update(change) {
      details = { ...details, ...change };
      heartbeat.beat();
    },
    stop: heartbeat.stop,
  };
}
