import type Koa from 'koa';
import { inFlightRequests } from './inFlight';

/** The part of a Koa context the tracker touches: the response headers, and whether they were sent. */
const context = (headerSent = false) => {
  const headers: Record<string, string> = {};
  return { headers, ctx: { headerSent, set: (name: string, value: string) => (headers[name] = value) } as unknown as Koa.Context };
};

describe('requests in flight', () => {
  it('counts a handler until it ends, and says finished once the last one has', async () => {
    const inFlight = inFlightRequests();
    let end!: () => void;
    const handler = inFlight.middleware(context().ctx, () => new Promise<void>((resolve) => (end = resolve)));
    expect(inFlight.count()).toBe(1);
    let finished: boolean | undefined;
    const waiting = inFlight.finish(60_000).then((value) => (finished = value));
    await Promise.resolve();
    expect(finished).toBeUndefined();
    end();
    await handler;
    await waiting;
    expect(finished).toBe(true);
    expect(inFlight.count()).toBe(0);
  });

  it('counts a handler that failed as ended', async () => {
    const inFlight = inFlightRequests();
    await expect(inFlight.middleware(context().ctx, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(inFlight.count()).toBe(0);
    await expect(inFlight.finish(1)).resolves.toBe(true);
  });

  it('gives up after its grace when a handler is still running', async () => {
    const inFlight = inFlightRequests();
    void inFlight.middleware(context().ctx, () => new Promise<void>(() => undefined));
    await expect(inFlight.finish(5)).resolves.toBe(false);
    expect(inFlight.count()).toBe(1);
  });

  it('asks keep-alive clients to close their connections once stopping, and only then', async () => {
    const inFlight = inFlightRequests();
    const before = context();
    await inFlight.middleware(before.ctx, async () => undefined);
    expect(before.headers.Connection).toBeUndefined();

    let end!: () => void;
    const running = context();
    const handler = inFlight.middleware(running.ctx, () => new Promise<void>((resolve) => (end = resolve)));
    const finishing = inFlight.finish(60_000);
    end();
    await handler;
    await finishing;
    const after = context();
    await inFlight.middleware(after.ctx, async () => undefined);
    const streamed = context(true);
    await inFlight.middleware(streamed.ctx, async () => undefined);
    expect(running.headers.Connection).toBe('close');
    expect(after.headers.Connection).toBe('close');
    expect(streamed.headers.Connection).toBeUndefined();
  });
});
