import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/createActivities';
import { presets } from '../timeouts';

/** Quick work beside the workflow task: checking a plan, offline steps, publishing a stream's events. */
export const beside = proxyLocalActivities<Activities>(presets.localTool);
/** Steps and model turns that call providers or take long: queued, heartbeated, retried on transient errors. */
export const queued = proxyActivities<Activities>(presets.model);
/** The same while a caller reads the call's events: a cut stream stops the running activity within seconds. */
export const streamed = proxyActivities<Activities>(presets.stream);
