import { schemaFeature } from '../schemaFeature';
import { jobTools } from './jobTools';
import type { JobEvents } from './jobEvents';

/** Async jobs: a tool call answered later, by id (job-<jobId>). */
export const feature = schemaFeature<JobEvents>()({
  tools: jobTools,
  streams: {
    job: (jobId: string) => `job-${jobId}`,
  },
});
