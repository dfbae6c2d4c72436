import { type Clock, systemClock } from '../../core/clock/clock';

/** A circuit opening (a provider failed `failureThreshold` times in a row) or closing again (a trial succeeded). */
export type CircuitChange = { readonly open: true; readonly until: Date; readonly failures: number; readonly reason: string } | { readonly open: false };

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit. */
  readonly failureThreshold?: number;
  /** How long an open circuit keeps its key out of `auto`'s choices. */
  readonly cooldownMs?: number;
  readonly clock?: Clock;
  /** Told when a circuit opens or closes (workers record it for the API's /status, and for metrics). */
  readonly onChange?: (key: string, change: CircuitChange) => void;
}

export interface CircuitBreaker {
  isOpen(key: string): boolean;
  /** When an open circuit lets its key be tried again; undefined while closed. */
  reopensAt(key: string): Date | undefined;
  /** A failure of the key's provider; `reason` (its error) is what an opening reports. */
  recordFailure(key: string, reason?: string): void;
  recordSuccess(key: string): void;
  /** Every key this breaker has seen, open or not (toolgate_provider_circuit_open). */
  circuits(): readonly { readonly key: string; readonly open: boolean }[];
}

interface State {
  failures: number;
  openUntil: number;
}

/**
 * Skips a provider that failed `failureThreshold` times in a row for `cooldownMs` (3 and 5 minutes by default).
 * After the cool-down one trial call is let through: a success closes the circuit, a failure opens it again at once.
 * State is per worker process, which is enough to stop one worker hammering a provider that is down.
 */
export function createCircuitBreaker(options: CircuitBreakerOptions = {}): CircuitBreaker {
  const threshold = options.failureThreshold ?? 3;
  const cooldownMs = options.cooldownMs ?? 5 * 60_000;
  const clock = options.clock ?? systemClock;
  const states = new Map<string, State>();
  const now = () => clock.now().getTime();

  return {
    isOpen: (key) => (states.get(key)?.openUntil ?? 0) > now(),
    reopensAt(key) {
      const openUntil = states.get(key)?.openUntil ?? 0;
      return openUntil > now() ? new Date(openUntil) : undefined;
    },
    recordFailure(key, reason = 'failed') {
      const state = states.get(key) ?? { failures: 0, openUntil: 0 };
      state.failures += 1;
      states.set(key, state);
      if (state.failures < threshold) return;
      state.openUntil = now() + cooldownMs;
      options.onChange?.(key, { open: true, until: new Date(state.openUntil), failures: state.failures, reason });
    },
    recordSuccess(key) {
      const state = states.get(key);
      if (!state || state.failures === 0) return;
      // Kept at zero rather than forgotten, so the key is still listed (as closed) by circuits().
      const opened = state.openUntil > 0;
      states.set(key, { failures: 0, openUntil: 0 });
      if (opened) options.onChange?.(key, { open: false });
    },
    circuits: () => [...states].map(([key, state]) => ({ key, open: state.openUntil > now() })),
  };
}
