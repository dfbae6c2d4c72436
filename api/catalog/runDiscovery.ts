import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import type { DiscoveryProgress } from '../../schema/catalog/catalogDiscovery';
import { searchAttributes } from '../../schema/searchAttributes';
import type { catalogDiscovery } from '../../workflows/catalog/catalogDiscovery';
import { NotFound } from '../errors/httpErrors';
import type { catalogTools } from '../../schema/catalog/catalogTools';
import type { HandlerFor, InlineHandler } from '../inline/inlineHandler';

const workflowIdOf = (discoveryId: string) => `discovery-${discoveryId}`;

/**
 * POST /run-discovery (operator): starts the `catalogDiscovery` workflow and answers at once with its id; the run
 * goes on in the workers and GET /run-discovery/{id} (or the workflow's `progress` query) follows it. The request
 * id names the run, so a repeated request finds the run it started instead of starting another.
 */
export const runDiscovery: HandlerFor<typeof catalogTools, 'run-discovery'> = async (input, ctx) => {
  const { deps, state } = ctx;
  const discoveryId = state.requestId;
  const sourceUrl = input.source_url ?? deps.config.catalogDirectoryUrl;
  try {
    await deps.temporal.client.workflow.start<typeof catalogDiscovery>('catalogDiscovery', {
      workflowId: workflowIdOf(discoveryId),
      taskQueue: deps.config.taskQueue,
      args: [{ discoveryId, sourceUrl, ...(input.limit ? { limit: input.limit } : {}), probe: input.probe !== false }],
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      typedSearchAttributes: [{ key: searchAttributes.tool, value: 'run-discovery' }],
      memo: { requestId: state.requestId, sourceUrl },
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
  return {
    discovery_id: discoveryId,
    workflow_id: workflowIdOf(discoveryId),
    status: 'running',
    source_url: sourceUrl,
    status_url: `${deps.config.publicBaseUrl}/run-discovery/${encodeURIComponent(discoveryId)}`,
  };
};

/** GET /run-discovery/{id} (operator): the run's progress while it runs (its `progress` query), its result once done. */
export const discoveryStatus: InlineHandler = async (input, ctx) => {
  const discoveryId = String(input.id);
  const handle = ctx.deps.temporal.client.workflow.getHandle<typeof catalogDiscovery>(workflowIdOf(discoveryId));
  let status: string;
  try {
    status = (await handle.describe()).status.name;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) throw new NotFound(`no discovery run ${discoveryId}`, null, ctx.docs);
    throw error;
  }
  if (status === 'COMPLETED') return { ...(await handle.result()), status: 'completed' };
  if (status === 'RUNNING') return { ...(await handle.query<DiscoveryProgress>('progress')), status: 'running' };
  const error = await handle.result().then(
    () => `the discovery run ended ${status.toLowerCase()}`,
    (failure: Error) => (failure.cause as Error | undefined)?.message ?? failure.message,
  );
  return { discovery_id: discoveryId, status: 'failed', error };
};
