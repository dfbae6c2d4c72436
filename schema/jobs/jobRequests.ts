import type { ToolCallRequest, ToolResult } from '../calls';

/** Which door a job came in by: POST /async/submit, POST /async/text-generate, or an A2A task (api/a2a/). */
export type JobVariant = 'submit' | 'text-generate' | 'a2a';

/** What the `asyncJob` workflow `job-<jobId>` receives: the tool call it runs as a child, and where to report. */
export interface AsyncJobRequest {
  readonly jobId: string;
  /** The paying key's account; empty for an A2A task paid with x402 or within the free tier (`call.payer` says who). */
  readonly accountId: string;
  readonly variant: JobVariant;
  /** The child `toolCall`; its call id is `job-<jobId>`, so it is billed exactly as the tool is. */
  readonly call: ToolCallRequest;
  readonly callbackUrl?: string;
}

/** What a job's child call came to, as the job workflow saw it; recorded by finishJob. */
export type JobCallOutcome =
  | (ToolResult & { readonly status: 'completed'; readonly chargedMicros: number })
  | { readonly status: 'failed'; readonly error: string; readonly code: string };

/** The statuses GET /async/status names; `queued` is how the text-generate variant's submit answer says `pending`. */
export type JobStatus = 'pending' | 'running' | 'completed' | 'failed';
