import type { JobVariant } from './jobRequests';

/**
 * An async job on its `job-<jobId>` stream. The money moves on its child call's streams, as for any call. Like a
 * call, the caller's input is not recorded; the result is, since GET /async/status and the callback serve it.
 */
export interface JobEvents {
  JobSubmitted: {
    jobId: string;
    /** The key's account that pays for (and owns) the job; empty for an A2A task paid otherwise (its call says who pays). */
    accountId: string;
    keyId: string;
    variant: JobVariant;
    tool: string;
    callbackUrl?: string;
    requestId: string;
    /** A hash of the canonical request: the same X-Request-Id with a different request is refused (409). Absent on older jobs. */
    requestHash?: string;
  };
  JobStarted: { jobId: string };
  JobCompleted: { jobId: string; result: Record<string, unknown>; model: string; tokensUsed: number; chargedMicros: number };
  JobFailed: { jobId: string; error: string; code: string };
}
