import type { Client } from '@temporalio/client';
import type { Config } from '../../schema/config';
import { event, streams } from '../../schema/events';
import type { EventStore } from '../eventStore';
import { accountOf } from '../networkAgents/owners';
import { pauseCustomAgentSchedule } from './customAgentSchedule';
import { findCustomAgent } from './findCustomAgent';

/** Whether a scheduled or event run can go ahead, and who pays: the owner's key account. */
export type ScheduledRunPlan =
  { readonly ok: true; readonly accountId: string; readonly listPriceMicros: number } | { readonly ok: false; readonly reason: string };

/** A scheduled or event run: billed to the owner's key account; an archived agent (or a wallet's) does not run. */
export async function planScheduledRun(store: EventStore, config: Pick<Config, 'customAgentRunMaxUsd'>, agentId: string): Promise<ScheduledRunPlan> {
  const agent = await findCustomAgent(store.db, agentId);
  if (!agent) return { ok: false, reason: 'no such agent' };
  if (agent.status === 'archived') return { ok: false, reason: 'archived' };
  if (!agent.owner.startsWith('key:')) return { ok: false, reason: 'a wallet-owned agent runs only when called' };
  return { ok: true, accountId: accountOf(agent.owner as `key:${string}`), listPriceMicros: config.customAgentRunMaxUsd };
}

/**
 * After a scheduled or event run: once CUSTOM_AGENT_PAUSE_AFTER_FAILURES runs in a row failed or were refused, the
 * schedule is paused (the Temporal Schedule for loop and cron, through `client`; the trigger for event) and the pause
 * recorded on the agent's stream.
 */
export async function pauseAfterFailures(
  store: EventStore,
  config: Pick<Config, 'customAgentPauseAfterFailures'>,
  run: { readonly agentId: string; readonly client: () => Client; readonly workflowId: string },
): Promise<{ paused: boolean }> {
  const { agentId } = run;
  const agent = await findCustomAgent(store.db, agentId);
  const limit = config.customAgentPauseAfterFailures;
  if (!agent || agent.status !== 'active' || agent.schedule_state !== 'active' || agent.consecutive_failures < limit) return { paused: false };
  const note = `paused after ${agent.consecutive_failures} failed runs in a row`;
  if (agent.schedule?.type !== 'event') await pauseCustomAgentSchedule(run.client(), agentId, note);
  await store.append(streams.customAgent(agentId), [event('CustomAgentSchedulePaused', { agentId, consecutiveFailures: agent.consecutive_failures })], {
    metadata: { actor: 'custom-agent', workflowId: run.workflowId },
  });
  return { paused: true };
}
