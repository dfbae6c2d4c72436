import type { WireFormat } from './wireFormat';

/**
 * The service's own format: errors as {error, hint, docs, …}; streamed answers as named events — `delta` {text},
 * `reset` {attempt}, an orchestrated call's own events, then `done` {result, _meta, headers?} or `error` {status, …}.
 */
export const nativeWire: WireFormat = {
  errorBody: ({ body }) => ({ ...body }),
  streamWriter: (sse) => ({
    delta: (text) => sse.send('delta', { type: 'delta', text }),
    reset: (attempt) => sse.send('reset', { type: 'reset', attempt }),
    event: (name, data) => sse.send(name, { type: name, ...data }),
    done: (result, meta, lateHeaders) =>
      sse.send('done', { type: 'done', result, _meta: meta, ...(Object.keys(lateHeaders).length > 0 ? { headers: lateHeaders } : {}) }),
    error: ({ status, body }) => sse.send('error', { type: 'error', status, ...body }),
  }),
};
