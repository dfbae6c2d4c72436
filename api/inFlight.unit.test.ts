import type Koa from 'koa';
import { inFlightRequests } from './inFlight';

const ctx = {} as Koa.Context;

describe('requests in flight', () => {
  it('counts a handler until it ends, and says drained once the last one has', async () => {
    const inFlight = inFlightRequests();
    let finish!: () => void;
    const handler = inFlight.middleware(ctx, () => new Promise<void>((resolve) => (finish = resolve)));
    expect(inFlight.count()).toBe(1);
    let drained: boolean | undefined;
    const waiting = inFlight.drained(60_000).then((value) => (drained = value));
    await Promise.resolve();
    expect(drained).toBeUndefined();
    finish();
    await handler;
    await waiting;
    expect(drained).toBe(true);
    expect(inFlight.count()).toBe(0);
  });

  it('counts a handler that failed as ended', async () => {
    const inFlight = inFlightRequests();
    await expect(inFlight.middleware(ctx, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(inFlight.count()).toBe(0);
    await expect(inFlight.drained(1)).resolves.toBe(true);
  });

  it('gives up after its grace when a handler is still running', async () => {
    const inFlight = inFlightRequests();
    void inFlight.middleware(ctx, () => new Promise<void>(() => undefined));
    await expect(inFlight.drained(5)).resolves.toBe(false);
    expect(inFlight.count()).toBe(1);
  });
});
