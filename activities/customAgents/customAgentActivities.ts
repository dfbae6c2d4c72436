import { Context } from '@temporalio/activity';
import { recordCustomAgentRunFinished } from '../../core/customAgents/customAgentRuns';
import { type RunStartRequest, startCustomAgentRun } from '../../core/customAgents/runPlan';
import { pauseAfterFailures, planScheduledRun } from '../../core/customAgents/scheduledRuns';
import type { EventMap } from '../../schema/events';
import type { ActivityDeps } from '../createActivities';

export type { ScheduledRunPlan } from '../../core/customAgents/scheduledRuns';

/** Activities of custom agents' runs (workflows/customAgents/customAgentRunner.ts, workflows/customAgents/customAgentRun.ts). */
export function customAgentActivities(deps: ActivityDeps) {
  return {
    startCustomAgentRun: (request: RunStartRequest) => startCustomAgentRun(deps.store, request),
    finishCustomAgentRun: (end: EventMap['CustomAgentRunFinished']) => recordCustomAgentRunFinished(deps.store, end, `call-${end.callId}`),
    planScheduledRun: ({ agentId }: { agentId: string }) => planScheduledRun(deps.store, deps.config, agentId),
    pauseAfterFailures: ({ agentId }: { agentId: string }) =>
      pauseAfterFailures(deps.store, deps.config, {
        agentId,
        client: () => {
          const client = Context.current().client;
          if (!client) throw new Error('this worker gives its activities no Temporal client');
          return client;
        },
        workflowId: Context.current().info.workflowExecution?.workflowId ?? '',
      }),
  };
}
