import { continueAsNew, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/createActivities';
import { presets } from '../timeouts';

const inboxes = proxyActivities<Activities>(presets.delivery);

/** Recipients per activity (one transaction), and pages per run before the history starts afresh. */
const PAGE_SIZE = 200;
const PAGES_PER_RUN = 50;

export interface BroadcastProgress {
  readonly broadcastId: string;
  readonly after: string | null;
  readonly recipients: number;
}

/**
 * `broadcast-<broadcastId>`: delivers a broadcast to every agent registered before it, a page at a time, in agent
 * id order. Each page is idempotent, and progress lives in the workflow, so a restart anywhere resumes where it was;
 * a very large network continues as new instead of growing one history without bound.
 */
export async function broadcastFanOut(progress: BroadcastProgress): Promise<{ recipients: number }> {
  let { after, recipients } = progress;
  for (let page = 0; page < PAGES_PER_RUN; page++) {
    const done = await inboxes.deliverBroadcastPage({ broadcastId: progress.broadcastId, after, pageSize: PAGE_SIZE });
    recipients += done.recipients;
    if (done.next === null) {
      await inboxes.finishBroadcast({ broadcastId: progress.broadcastId, recipients });
      return { recipients };
    }
    after = done.next;
  }
  return continueAsNew<typeof broadcastFanOut>({ broadcastId: progress.broadcastId, after, recipients });
}
