import { toolUnavailable } from '../../../core/calls/callFailures';
import type { Config } from '../../../schema/config';
import { type ActorRunState, createApifyClient, type DatasetPage } from './apifyClient';
import { prepareActorRun, type PreparedActorRun } from './actorInputs';

/** The steps of an actor run, each one activity of the `actorRun` workflow (workflows/scraping/actorRun.ts). */
export function actorActivities(config: Config) {
  const client = () => {
    if (!config.apifyToken) {
      throw toolUnavailable(
        'the scraping platform is not configured on this worker: APIFY_TOKEN is not set',
        'The operator sets APIFY_TOKEN. The call was not charged.',
        ['APIFY_TOKEN'],
      );
    }
    return createApifyClient({ baseUrl: config.apifyBaseUrl, token: config.apifyToken });
  };
  return {
    prepareActorRun: async (request: { tool: string; input: Record<string, unknown> }): Promise<PreparedActorRun> =>
      prepareActorRun(request.tool, request.input, config),
    startActorRun: (request: { actor: string; input: Record<string, unknown>; timeoutSeconds: number; maxItems: number }): Promise<ActorRunState> =>
      client().startRun(request.actor, request.input, { timeoutSeconds: request.timeoutSeconds, maxItems: request.maxItems }),
    getActorRun: (request: { runId: string }): Promise<ActorRunState> => client().getRun(request.runId),
    abortActorRun: (request: { runId: string }): Promise<ActorRunState> => client().abortRun(request.runId),
    /** The items within SCRAPE_ANSWER_MAX_CHARS (as JSON): they travel back through the workflows, which refuse large payloads. */
    async readActorDataset(request: { datasetId: string; limit: number }): Promise<DatasetPage & { truncated: boolean }> {
      const page = await client().readDataset(request.datasetId, request.limit);
      const items: Record<string, unknown>[] = [];
      let size = 0;
      for (const item of page.items) {
        size += JSON.stringify(item).length;
        if (size > config.scrapeAnswerMaxChars) break;
        items.push(item);
      }
      return { items, total: page.total, truncated: items.length < page.total };
    },
  };
}
