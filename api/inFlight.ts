import type Koa from 'koa';

/**
 * The requests whose handlers are still running. A stopping API waits for them before it closes the Temporal
 * connection and the pool they use: a handler awaiting its call's result on a closed connection would otherwise die
 * with the process (an uncaught "Channel has been shut down" from the client's retry timer), and its caller, who
 * may still be connected, would lose an answer that was on its way. A caller who went away does not end its
 * handler, which is why the count is of handlers, not of sockets.
 */
export interface InFlight {
  readonly middleware: Koa.Middleware;
  count(): number;
  /**
   * From now on every response asks its client to close the connection (a keep-alive client would otherwise go on
   * sending requests on it to a server about to close its pool); resolves true once no handler is running, or
   * false after `timeoutMs` with some still running.
   */
  finish(timeoutMs: number): Promise<boolean>;
}

export function inFlightRequests(): InFlight {
  let running = 0;
  let stopping = false;
  let waiters: (() => void)[] = [];
  const closeConnection = (ctx: Koa.Context) => {
    if (!ctx.headerSent) ctx.set('Connection', 'close');
  };
  return {
    async middleware(ctx, next) {
      running++;
      try {
        await next();
      } finally {
        if (stopping) closeConnection(ctx);
        running--;
        if (running === 0) {
          for (const wake of waiters) wake();
          waiters = [];
        }
      }
    },
    count: () => running,
    finish(timeoutMs) {
      stopping = true;
      if (running === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
  };
}
