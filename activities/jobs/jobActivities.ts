import type { ActivityDeps } from '../createActivities';
import type { JobCallOutcome } from '../../schema/jobs/jobRequests';
import { finishJob } from '../../core/jobs/finishJob';
import { recordJobStarted } from '../../core/jobs/recordJobStarted';

/** Activities of the `asyncJob` workflow: its state changes, recorded on `job-<jobId>`. */
export function jobActivities(deps: ActivityDeps) {
  return {
    recordJobStarted: (jobId: string) => recordJobStarted(deps.store, jobId),
    finishJob: (request: { jobId: string; outcome: JobCallOutcome }) => finishJob(deps.store, request.jobId, request.outcome),
  };
}
