/**
 * The signal one provider request runs under: the caller's cancellation (a client that went away, an activity
 * cancelled) joined with our own deadline. Keeping the deadline ours, not each SDK's, lets every adapter tell a
 * time-out from a cancellation the same way, whatever its SDK reports.
 */
export interface CallSignal {
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  /** The caller aborted: rethrow its reason, this is no provider failure. */
  readonly cancelled: boolean;
  readonly timedOut: boolean;
  /** SDK stream iterators end quietly when aborted; this turns that quiet end back into an error. */
  throwIfAborted(): void;
}

export function callSignal(timeoutMs: number, caller?: AbortSignal): CallSignal {
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = caller ? AbortSignal.any([caller, deadline]) : deadline;
  return {
    signal,
    timeoutMs,
    get cancelled() {
      return caller?.aborted ?? false;
    },
    get timedOut() {
      return deadline.aborted && !(caller?.aborted ?? false);
    },
    throwIfAborted() {
      if (caller?.aborted) throw caller.reason;
      signal.throwIfAborted();
    },
  };
}
