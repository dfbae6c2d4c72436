import { type Client, WorkflowExecutionAlreadyStartedError, WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { ToolCallOutcome, ToolCallRequest } from '../../schema/calls';
import { searchAttributes } from '../../schema/searchAttributes';
import { microsToUsd } from '../../schema/money';

export interface CallStarter {
  readonly client: Client;
  readonly taskQueue: string;
  readonly eagerStart: boolean;
  readonly timeoutMs: number;
}

export type CallResult =
  | { readonly kind: 'outcome'; readonly outcome: ToolCallOutcome }
  | { readonly kind: 'failed'; readonly type: string; readonly message: string; readonly details: unknown[] }
  | { readonly kind: 'still-running' }
  | { readonly kind: 'not-yours' };

/**
 * Starts the call's workflow under its business id and waits for it. Sending the same request id again
 * attaches to the first run instead of starting (and billing) a second one.
 */
export async function executeToolCall(starter: CallStarter, request: ToolCallRequest): Promise<CallResult> {
  const workflowId = `call-${request.callId}`;
  const payerTag = `${request.payer.kind}:${request.payer.id}`;
  let handle;
  try {
    handle = await starter.client.workflow.start('toolCall', {
      workflowId,
      taskQueue: starter.taskQueue,
      args: [request],
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      requestEagerStart: starter.eagerStart,
      typedSearchAttributes: [
        { key: searchAttributes.tool, value: request.tool },
        { key: searchAttributes.payer, value: payerTag },
        { key: searchAttributes.paymentMethod, value: request.payer.kind },
        { key: searchAttributes.callStatus, value: 'running' },
      ],
      memo: { requestId: request.requestId, listPriceUsd: microsToUsd(request.listPriceMicros), pricing: request.pricing, payer: payerTag, tool: request.tool },
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    handle = starter.client.workflow.getHandle(workflowId);
    const existing = await handle.describe();
    const memo = (existing.memo ?? {}) as { payer?: string; tool?: string };
    if (memo.payer !== payerTag || memo.tool !== request.tool) return { kind: 'not-yours' };
  }

  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), starter.timeoutMs)));
  try {
    const result = await Promise.race([handle.result() as Promise<ToolCallOutcome>, timeout]);
    return result === 'timeout' ? { kind: 'still-running' } : { kind: 'outcome', outcome: result };
  } catch (error) {
    if (error instanceof WorkflowFailedError && error.cause instanceof ApplicationFailure) {
      return { kind: 'failed', type: error.cause.type ?? 'InternalError', message: error.cause.message, details: (error.cause.details ?? []) as unknown[] };
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
