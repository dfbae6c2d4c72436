import { schemaFeature } from '../schemaFeature';
import { a2aTools } from './a2aTools';
import type { A2AEvents } from './a2aEvents';

/** A2A: the agent cards, and tasks sent to the JSON-RPC endpoint, each run as an async job (a2atask-<taskId>). */
export const feature = schemaFeature<A2AEvents>()({
  tools: a2aTools,
  streams: {
    a2aTask: (taskId: string) => `a2atask-${taskId}`,
  },
});
