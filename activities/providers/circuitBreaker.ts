import { type Clock, systemClock } from '../../core/clock/clock';

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit. */
  readonly failureThreshold?: number;
  /** How long an open circuit keeps its key out of `auto`'s choices. */
  readonly cooldownMs?: number;
  readonly clock?: Clock;
}

export interface CircuitBreaker {
  isOpen(key: string): boolean;
  /** When an open circuit lets its key be tried again; undefined while closed. */
  reopensAt(key: string): Date | undefined;
  recordFailure(key: string): void;
  recordSuccess(key: string): void;
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
    recordFailure(key) {
      const state = states.get(key) ?? { failures: 0, openUntil: 0 };
      state.failures += 1;
      if (state.failures >= threshold) state.openUntil = now() + cooldownMs;
      states.set(key, state);
    },
    recordSuccess(key) {
      states.delete(key);
    },
  };
}
