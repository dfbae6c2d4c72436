import { localMeaningSimilarity } from './nlp/meaningSimilarity';
import type { OfflineAids, ToolDeps } from './toolImplementation';

/**
 * The offline methods' aids of one worker: made on its first offline call and reused by every later one (the
 * similarity keeps the vectors it made). While the model file is missing they are looked for again on each call, so
 * installing it (`npm run embedding-model`) needs no restart.
 */
export function workerOfflineAids(deps: Pick<ToolDeps, 'embedder' | 'config' | 'clock'>): () => OfflineAids {
  let aids: OfflineAids | undefined;
  return () => {
    if (aids) return aids;
    const similarity = localMeaningSimilarity(deps.embedder, deps.config);
    return similarity ? (aids = { clock: deps.clock, similarity }) : { clock: deps.clock };
  };
}
