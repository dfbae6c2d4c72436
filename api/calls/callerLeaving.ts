import type { ServerResponse } from 'node:http';

/**
 * Aborted when the caller's connection closes before its answer was written (it gave up, timed out, or its proxy
 * did): what a waiting call is told (executeToolCall), so work nobody waits for is dropped rather than charged.
 * A response already ended closes normally and aborts nothing.
 */
export function callerLeaving(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  if (response.destroyed && !response.writableEnded) {
    controller.abort();
    return controller.signal;
  }
  response.once('close', () => {
    if (!response.writableEnded) controller.abort();
  });
  return controller.signal;
}
