import type { Client } from '@temporalio/client';
import type { Logger } from 'pino';

/** How long a repeated X-Request-Id or Idempotency-Key must still find its first call. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

/**
 * A call's id is remembered as long as Temporal keeps its closed workflow: the namespace's retention. Says so at
 * start when that is shorter than the promised window (the dev server's default is exactly 24 h).
 */
export async function checkIdempotencyWindow(client: Client, namespace: string, log: Logger): Promise<void> {
  try {
    const { config } = await client.workflowService.describeNamespace({ namespace });
    const hours = Number(config?.workflowExecutionRetentionTtl?.seconds ?? 0) / 3600;
    if (hours < IDEMPOTENCY_WINDOW_HOURS) {
      log.warn(
        { namespace, retentionHours: hours },
        `namespace retention is under ${IDEMPOTENCY_WINDOW_HOURS} h: repeated request ids are remembered only that long`,
      );
    }
  } catch (error) {
    log.warn({ err: error, namespace }, 'could not read the namespace retention');
  }
}
