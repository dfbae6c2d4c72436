import { ApplicationFailure, defineQuery, proxyActivities, setHandler, sleep } from '@temporalio/workflow';
import type { Activities } from '../../activities/createActivities';
import type { PreparedActorRun } from '../../activities/scraping/apify/actorInputs';
import { CallErrors } from '../../schema/calls';
import { presets } from '../timeouts';

const platform = proxyActivities<Activities>(presets.platform);
/** Starting a run is not idempotent on the platform: tried once, so a lost answer cannot start (and bill) a second run. */
const starting = proxyActivities<Activities>(presets.platformStart);

const FINISHED = ['SUCCEEDED', 'FAILED', 'ABORTED', 'TIMED-OUT'];

export interface ActorRunProgress {
  readonly run_id: string | null;
  readonly status: string;
  readonly polls: number;
}
export const actorRunProgressQuery = defineQuery<ActorRunProgress>('progress');

/**
 * One run of a scraping actor as a workflow of its own, a child of the call's toolCall (which holds the price and
 * charges it only if this succeeds): start the run, ask the platform on a durable timer until it says the run is
 * done, then read its dataset. Past its time-out the run is aborted and the call fails; so does a run the platform
 * ends as FAILED, ABORTED or TIMED-OUT, with its status message.
 */
export async function actorRun(request: PreparedActorRun): Promise<Record<string, unknown>> {
  let progress: ActorRunProgress = { run_id: null, status: 'STARTING', polls: 0 };
  setHandler(actorRunProgressQuery, () => progress);
  const deadline = Date.now() + request.timeoutSeconds * 1000;

  let run = await starting.startActorRun({ actor: request.actor, input: request.input, timeoutSeconds: request.timeoutSeconds, maxItems: request.maxItems });
  progress = { run_id: run.runId, status: run.status, polls: 0 };
  while (!FINISHED.includes(run.status)) {
    if (Date.now() >= deadline) {
      await platform.abortActorRun({ runId: run.runId });
      throw ApplicationFailure.create({
        type: CallErrors.upstream,
        message: `the actor run ${run.runId} (${request.actor}) did not finish within ${request.timeoutSeconds} s and was aborted`,
        nonRetryable: true,
      });
    }
    await sleep(Math.min(request.pollSeconds * 1000, Math.max(1, deadline - Date.now())));
    run = await platform.getActorRun({ runId: run.runId });
    progress = { run_id: run.runId, status: run.status, polls: progress.polls + 1 };
  }
  if (run.status !== 'SUCCEEDED') {
    throw ApplicationFailure.create({
      type: CallErrors.upstream,
      message: `the actor run ${run.runId} (${request.actor}) ended ${run.status}${run.statusMessage ? `: ${run.statusMessage}` : ''}`,
      nonRetryable: true,
    });
  }
  const dataset = await platform.readActorDataset({ datasetId: run.datasetId, limit: request.maxItems });
  return {
    actor: request.actor,
    run_id: run.runId,
    status: run.status,
    dataset_id: run.datasetId,
    items: dataset.items,
    item_count: dataset.items.length,
    truncated: dataset.truncated,
    started_at: run.startedAt,
    finished_at: run.finishedAt,
  };
}
