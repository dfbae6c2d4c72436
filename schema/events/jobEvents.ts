import type { JobVariant } from '../jobs';

/** An async job on its `job-<jobId>` stream. The money moves on its child call's streams, as for any call. */
export interface JobEvents {
  JobSubmitted: {
    jobId: string;
    accountId: string;
    keyId: string;
    variant: JobVariant;
    tool: string;
    input: Record<string, unknown>;
    callbackUrl?: string;
    requestId: string;
  };
  JobStarted: { jobId: string };
  JobCompleted: { jobId: string; result: Record<string, unknown>; model: string; tokensUsed: number; chargedMicros: number };
  JobFailed: { jobId: string; error: string; code: string };
}
