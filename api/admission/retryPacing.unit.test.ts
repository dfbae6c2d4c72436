import { RetryPacing } from './retryPacing';

describe('RetryPacing', () => {
  let now = 0;
  const slept: number[] = [];
  const pacing = (maxHeld = 10) =>
    new RetryPacing({
      retryAfterMs: 1000,
      maxHeld,
      now: () => now,
      sleep: async (ms) => {
        slept.push(ms);
        now += ms;
      },
    });
  beforeEach(() => {
    now = 0;
    slept.length = 0;
  });

  it('sends a first refusal at once, and holds the next one of a caller that came back early until its Retry-After is up', async () => {
    const gate = pacing();
    await gate.refusal('Bearer a');
    expect(slept).toEqual([]);
    now += 300;
    await gate.refusal('Bearer a');
    expect(slept).toEqual([700]);
    // Its Retry-After starts again from the refusal just sent.
    now += 200;
    await gate.refusal('Bearer a');
    expect(slept).toEqual([700, 800]);
  });

  it('never holds a caller that waited as asked, nor one caller for another', async () => {
    const gate = pacing();
    await gate.refusal('Bearer a');
    await gate.refusal('Bearer b');
    now += 1000;
    await gate.refusal('Bearer a');
    expect(slept).toEqual([]);
  });

  it('sends refusals at once past the most it may hold', async () => {
    let release!: () => void;
    const gate = new RetryPacing({ retryAfterMs: 1000, maxHeld: 1, now: () => now, sleep: () => new Promise<void>((resolve) => (release = resolve)) });
    await gate.refusal('Bearer a');
    const held = gate.refusal('Bearer a');
    expect(gate.holding).toBe(1);
    await gate.refusal('Bearer a');
    expect(gate.holding).toBe(1);
    release();
    await held;
    expect(gate.holding).toBe(0);
  });
});
