import type { Client } from '@temporalio/client';
import type { Logger } from 'pino';
import { ANSWER_WINDOW_HOURS } from '../../core/idempotency';

/**
 * A workflow tool's answer that was not kept (streamed, or over the size kept) is found again through its closed
 * workflow, which Temporal keeps for the namespace's retention. Says so at start when that is shorter than the
 * promised window (the dev server's default is exactly 24 h).
 */
export async function checkIdempotencyWindow(client: Client, namespace: string, log: Logger): Promise<void> {
  try {
    const { config } = await client.workflowService.describeNamespace({ namespace });
    const hours = Number(config?.workflowExecutionRetentionTtl?.seconds ?? 0) / 3600;
    if (hours < ANSWER_WINDOW_HOURS) {
      log.warn(
        { namespace, retentionHours: hours },
        `namespace retention is under ${ANSWER_WINDOW_HOURS} h: a repeated request id whose answer was not kept (streamed, or too large) finds its call only that long`,
      );
    }
  } catch (error) {
    log.warn({ err: error, namespace }, 'could not read the namespace retention');
  }
}
