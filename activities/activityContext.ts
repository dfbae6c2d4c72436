import { Context } from '@temporalio/activity';

/** The running activity's context; none when the function is called outside an activity (a test calling it directly). */
export function currentActivity(): Context | undefined {
  try {
    return Context.current();
  } catch {
    return undefined;
  }
}

export interface SteadyHeartbeat {
  /** Aborts when the activity is cancelled (its workflow, or its worker stopping); undefined outside an activity. */
  readonly signal: AbortSignal | undefined;
  /** A beat now (what changed shows at once), besides the steady ones. */
  beat(): void;
  stop(): void;
}

/**
 * Heartbeats at once (unless `atOnce: false`) and then steadily, with what `details()` says at each beat, for as long as the work runs: the
 * server takes an attempt whose beats stop (its worker killed) as failed after the heartbeat time-out and retries it
 * elsewhere, rather than after the whole start-to-close time-out, and a cancellation reaches the activity through
 * them. The beat is a third of the time-out (at most 5 s), so a slow step is not taken for a dead worker. Local
 * activities cannot heartbeat; they only get the signal.
 */
export function steadyHeartbeat(details: () => unknown, options: { readonly atOnce?: boolean } = {}): SteadyHeartbeat {
  const context = currentActivity();
  const quiet = () => undefined;
  if (!context) return { signal: undefined, beat: quiet, stop: quiet };
  if (context.info.isLocal) return { signal: context.cancellationSignal, beat: quiet, stop: quiet };
  const beat = () => context.heartbeat(details());
  if (options.atOnce ?? true) beat();
  const timer = setInterval(beat, Math.max(200, Math.min(5_000, (context.info.heartbeatTimeoutMs ?? 30_000) / 3)));
  return { signal: context.cancellationSignal, beat, stop: () => clearInterval(timer) };
}

/**
 * Runs `work` with a steady heartbeat (above) for its whole length: for activities whose preset sets a heartbeat
 * time-out so that an attempt lost with its worker is retried within seconds, not after its start-to-close time-out.
 */
export async function beatingWhile<T>(work: () => Promise<T>): Promise<T> {
  // No beat at the start: most of these end within the first interval and then cost the server no heartbeat at all.
  const heartbeat = steadyHeartbeat(() => undefined, { atOnce: false });
  try {
    return await work();
  } finally {
    heartbeat.stop();
  }
}
