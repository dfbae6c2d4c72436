import { type Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { DeliveryRequest } from '../../schema/webhooks/deliveries';
import { deliverySearchAttributes } from '../../schema/webhooks/deliveries';

/** Starts `delivery-<deliveryId>`; the same id again is a no-op, so a re-read source event never sends twice. */
export async function startDeliveryWorkflow(client: Client, taskQueue: string, request: DeliveryRequest): Promise<'started' | 'already-started'> {
  try {
    await client.workflow.start('webhookDelivery', {
      workflowId: `delivery-${request.deliveryId}`,
      taskQueue,
      args: [request],
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      typedSearchAttributes: deliverySearchAttributes(request),
      memo: { event: request.event, eventId: request.eventId, account: request.accountId },
    });
    return 'started';
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return 'already-started';
    throw error;
  }
}
