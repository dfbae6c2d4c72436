import path from 'node:path';
import { Client } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { ToolCallOutcome, ToolCallRequest } from '../../schema/calls';
import { searchAttributes } from '../../schema/searchAttributes';
import { installWorkerRuntime } from '../../workers/runtime';
import { preloadedWorkflows } from '../../workers/workflowBundle';
import type { floorCall } from './floorWorkflow';
import { timeLoops } from './latency';
import { loadConfig } from '../../core/config/loadConfig';
import { temporalTarget } from '../../core/temporal/temporalTarget';

export interface Floor {
  /**
   * Runs `concurrency` callers for `seconds`, each starting the no-op workflow eagerly and awaiting its result. With
   * `visible`, each start carries what a paid call's does (three search attributes and its memo), so the difference
   * is what Temporal spends on making calls findable, apart from anything our code does. With `eager: false`, the
   * start asks for no eager dispatch: the workflow task goes through the server's transfer queue and matching to this
   * worker's pollers, as every call of an API without an embedded worker does (the API alone's own floor).
   */
  measure(concurrency: number, seconds: number, options?: { visible?: boolean; eager?: boolean }): ReturnType<typeof timeLoops>;
  stop(): Promise<void>;
}

/**
 * Temporal's own floor on this server: a worker in this process (as the API's embedded worker is) serving a no-op
 * workflow shaped like `toolCall`, started eagerly on the same connection and awaited with `result()`.
 */
/** The search attributes and memo executeToolCall starts a paid call with (values of the same sizes). */
function visibility(id: string) {
  return {
    typedSearchAttributes: [
      { key: searchAttributes.tool, value: 'sentiment' },
      { key: searchAttributes.payer, value: 'key:key_0123456789abcdef' },
      { key: searchAttributes.paymentMethod, value: 'key' },
    ],
    memo: {
      requestId: id,
      listPriceUsd: '0.005',
      pricing: 'flat',
      payer: 'key:key_0123456789abcdef',
      tool: 'sentiment',
      owner: 'key:key_0123456789abcdef/sentiment',
      requestHash: 'Xr0wq1wE8pZ8m1bD4mZq8yYJXh3sY1rR0eQm1wE8pZ8',
    },
  };
}

export async function startFloor(temporalAddress: string, taskQueue: string): Promise<Floor> {
  installWorkerRuntime();
  // As the service reaches it (core/temporal): the production server's TLS variables are in this process's environment.
  const connection = await NativeConnection.connect(temporalTarget(loadConfig({ ...process.env, TEMPORAL_ADDRESS: temporalAddress })).connection);
  // Bundled as the service's workflows are (its module preloaded once, not per workflow): the same SDK settings on both sides.
  const workflowsPath = path.join(__dirname, 'floorWorkflow.ts');
  const worker = await Worker.create({
    connection,
    taskQueue,
    workflowsPath,
    bundlerOptions: preloadedWorkflows(workflowsPath),
    activities: {
      noop: async (request: ToolCallRequest): Promise<ToolCallOutcome> => ({
        status: 'completed',
        output: { text: request.tool },
        model: 'none',
        tokens: { input: 0, output: 0 },
        chargedMicros: 0,
      }),
    },
    maxCachedWorkflows: 200,
  });
  const running = worker.run();
  const client = new Client({ connection });
  const request = (id: string): ToolCallRequest => ({
    callId: id,
    requestId: id,
    tool: 'sentiment',
    execution: 'local-activity',
    input: { text: 'The support team was fantastic, but the delivery was painfully slow.' },
    payer: { kind: 'key', id: 'bench' },
    pricing: 'flat',
    listPriceMicros: 5000,
  });
  return {
    measure: (concurrency, seconds, options = {}) =>
      timeLoops(concurrency, seconds, async (i) => {
        const id = `floor-${concurrency}-${i}-${Math.random().toString(36).slice(2)}`;
        const handle = await client.workflow.start<typeof floorCall>('floorCall', {
          workflowId: `call-${id}`,
          taskQueue,
          args: [request(id)],
          requestEagerStart: options.eager ?? true,
          ...(options.visible ? visibility(id) : {}),
        });
        await handle.result();
      }),
    async stop() {
      worker.shutdown();
      await running;
      await connection.close();
    },
  };
}
