import { Context } from '@temporalio/activity';
import { recordRunFinished } from '../../core/customAgents/agentRuns';
import { pauseAgentSchedule } from '../../core/customAgents/agentSchedule';
import { findCustomAgent } from '../../core/customAgents/findCustomAgent';
import { type RunStartRequest, startCustomAgentRun } from '../../core/customAgents/runPlan';
import { accountOf } from '../../core/networkAgents/owners';
import { event, type EventMap, streams } from '../../schema/events';
import type { ActivityDeps } from '../createActivities';

/** Whether a scheduled or event run can go ahead, and who pays: the owner's key account. */
export type ScheduledRunPlan =
  { readonly ok: true; readonly accountId: string; readonly listPriceMicros: number } | { readonly ok: false; readonly reason: string };

/** Activities of custom agents' runs (workflows/customAgents/customAgentRunner.ts, workflows/customAgents/customAgentRun.ts). */
export function customAgentActivities(deps: ActivityDeps) {
  return {
    startCustomAgentRun: (request: RunStartRequest) => startCustomAgentRun(deps.store, request),
    finishCustomAgentRun: (end: EventMap['CustomAgentRunFinished']) => recordRunFinished(deps.store, end, `call-${end.callId}`),
    /** A scheduled or event run: billed to the owner's key account; an archived agent (or a wallet's) does not run. */
    async planScheduledRun({ agentId }: { agentId: string }): Promise<ScheduledRunPlan> {
      const agent = await findCustomAgent(deps.store.db, agentId);
      if (!agent) return { ok: false, reason: 'no such agent' };
      if (agent.status === 'archived') return { ok: false, reason: 'archived' };
      if (!agent.owner.startsWith('key:')) return { ok: false, reason: 'a wallet-owned agent runs only when called' };
      return { ok: true, accountId: accountOf(agent.owner as `key:${string}`), listPriceMicros: deps.config.customAgentRunMaxUsd };
    },
    /**
     * After a scheduled or event run: once CUSTOM_AGENT_PAUSE_AFTER_FAILURES runs in a row failed or were refused, the
     * schedule is paused (the Temporal Schedule for loop and cron; the trigger for event) and the pause recorded.
     */
    async pauseAfterFailures({ agentId }: { agentId: string }): Promise<{ paused: boolean }> {
      const agent = await findCustomAgent(deps.store.db, agentId);
      const limit = deps.config.customAgentPauseAfterFailures;
      if (!agent || agent.status !== 'active' || agent.schedule_state !== 'active' || agent.consecutive_failures < limit) return { paused: false };
      const note = `paused after ${agent.consecutive_failures} failed runs in a row`;
      if (agent.schedule?.type !== 'event') {
        const client = Context.current().client;
        if (!client) throw new Error('this worker gives its activities no Temporal client');
        await pauseAgentSchedule(client, agentId, note);
      }
      await deps.store.append(
        streams.customAgent(agentId),
        [event('CustomAgentSchedulePaused', { agentId, consecutiveFailures: agent.consecutive_failures })],
        {
          metadata: { actor: 'custom-agent', workflowId: Context.current().info.workflowExecution?.workflowId ?? '' },
        },
      );
      return { paused: true };
    },
  };
}
