import { currentActivity } from '../activityContext';

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

const QUIET: Omit<CallProgress, 'signal' | 'attempt'> = { update: () => undefined, stop: () => undefined };

/**
 * Heartbeats for a queued tool activity: one at once, one on every change, and a steady beat between so a slow
 * model is not taken for a dead worker. Heartbeats are also how a cancellation reaches the activity, so the beat
 * is kept well inside the heartbeat time-out. Local activities cannot heartbeat; they only get the signal.
 */
export function trackCallProgress(): CallProgress {
  const context = currentActivity();
  if (!context) return { ...QUIET, signal: undefined, attempt: 1 };
  const { info } = context;
  if (info.isLocal) return { ...QUIET, signal: context.cancellationSignal, attempt: info.attempt };

  let details: ProgressDetails = { phase: 'starting', characters: 0, requests: 0 };
  const beat = () => context.heartbeat(details);
  beat();
  const timer = setInterval(beat, Math.max(200, Math.min(5_000, (info.heartbeatTimeoutMs ?? 30_000) / 3)));
  return {
    signal: context.cancellationSignal,
    attempt: info.attempt,
    update(change) {
      details = { ...details, ...change };
      beat();
    },
    stop: () => clearInterval(timer),
  };
}
