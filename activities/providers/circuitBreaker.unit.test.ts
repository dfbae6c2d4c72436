import { createCircuitBreaker } from '.';

function manualClock(start = Date.parse('2026-01-01T00:00:00Z')) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe("the providers' circuit breaker", () => {
  it('opens after three failures in a row and keeps the provider out for five minutes', () => {
    const clock = manualClock();
    const breaker = createCircuitBreaker({ clock });
    breaker.recordFailure('openai');
    breaker.recordFailure('openai');
    expect(breaker.isOpen('openai')).toBe(false);
    breaker.recordFailure('openai');
    expect(breaker.isOpen('openai')).toBe(true);
    expect(breaker.reopensAt('openai')).toEqual(new Date(clock.now().getTime() + 5 * 60_000));
    clock.advance(5 * 60_000 - 1);
    expect(breaker.isOpen('openai')).toBe(true);
    clock.advance(1);
    expect(breaker.isOpen('openai')).toBe(false);
  });

  it('forgets earlier failures after a success', () => {
    const breaker = createCircuitBreaker({ clock: manualClock() });
    breaker.recordFailure('groq');
    breaker.recordFailure('groq');
    breaker.recordSuccess('groq');
    breaker.recordFailure('groq');
    breaker.recordFailure('groq');
    expect(breaker.isOpen('groq')).toBe(false);
  });

  it('lets one trial through after the cool-down and opens again at once if it fails', () => {
    const clock = manualClock();
    const breaker = createCircuitBreaker({ clock });
    for (let i = 0; i < 3; i++) breaker.recordFailure('xai');
    clock.advance(5 * 60_000);
    expect(breaker.isOpen('xai')).toBe(false);
    breaker.recordFailure('xai');
    expect(breaker.isOpen('xai')).toBe(true);
  });

  it("keeps each provider's count apart", () => {
    const breaker = createCircuitBreaker({ clock: manualClock() });
    for (let i = 0; i < 3; i++) breaker.recordFailure('mistral');
    expect(breaker.isOpen('mistral')).toBe(true);
    expect(breaker.isOpen('google')).toBe(false);
    expect(breaker.reopensAt('google')).toBeUndefined();
  });

  it('takes its threshold and cool-down from options', () => {
    const clock = manualClock();
    const breaker = createCircuitBreaker({ clock, failureThreshold: 1, cooldownMs: 1_000 });
    breaker.recordFailure('deepseek');
    expect(breaker.isOpen('deepseek')).toBe(true);
    clock.advance(1_000);
    expect(breaker.isOpen('deepseek')).toBe(false);
  });

  it('tells when a circuit opens, with the failure that opened it, and when a successful trial closes it', () => {
    const clock = manualClock();
    const changes: unknown[] = [];
    const breaker = createCircuitBreaker({ clock, onChange: (key, change) => changes.push({ key, ...change }) });
    breaker.recordFailure('openai', 'HTTP 503');
    breaker.recordSuccess('openai');
    expect(changes).toEqual([]);
    for (const reason of ['HTTP 500', 'HTTP 502', 'HTTP 503']) breaker.recordFailure('openai', reason);
    expect(changes).toEqual([{ key: 'openai', open: true, until: new Date(clock.now().getTime() + 5 * 60_000), failures: 3, reason: 'HTTP 503' }]);
    clock.advance(5 * 60_000);
    breaker.recordSuccess('openai');
    expect(changes).toEqual([expect.objectContaining({ open: true }), { key: 'openai', open: false }]);
    breaker.recordSuccess('openai');
    expect(changes).toHaveLength(2);
  });

  it('lists every circuit it has seen fail, open or closed again', () => {
    const clock = manualClock();
    const breaker = createCircuitBreaker({ clock });
    breaker.recordSuccess('google');
    breaker.recordFailure('groq');
    for (let i = 0; i < 3; i++) breaker.recordFailure('xai');
    expect(breaker.circuits()).toEqual([
      { key: 'groq', open: false },
      { key: 'xai', open: true },
    ]);
    clock.advance(5 * 60_000);
    expect(breaker.circuits()).toEqual([
      { key: 'groq', open: false },
      { key: 'xai', open: false },
    ]);
  });
});
