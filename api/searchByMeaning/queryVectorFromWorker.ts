import { randomUUID } from 'node:crypto';
import type { QueryVector } from '../../core/searchByMeaning/searchVectorStore';
import type { AppDeps } from '../deps';

/** How long a search the API answers waits for a worker to embed its query before it answers by words alone. */
const WAIT_MS = 3000;

/**
 * A search query's vector, made by a worker (the API never loads the model): a short `search-query-<uuid>` workflow
 * running one local activity. Null, never an error, when no worker answers in time or none can embed: the search
 * then answers by its words, and says so (by_meaning: false).
 */
export async function queryVectorFromWorker(deps: Pick<AppDeps, 'temporal' | 'config' | 'log'>, text: string): Promise<QueryVector | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), WAIT_MS)));
  const asked = deps.temporal.client.workflow
    .execute('searchQueryVector', {
      workflowId: `search-query-${randomUUID()}`,
      taskQueue: deps.config.taskQueue,
      args: [{ text }],
      workflowExecutionTimeout: '1m',
    })
    .then(
      (vector) => vector as QueryVector | null,
      (error: unknown) => {
        deps.log.warn({ err: error }, 'search query not embedded: answering by words alone');
        return null;
      },
    );
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}
