import { type Client, ScheduleNotFoundError, ScheduleOverlapPolicy, WorkflowNotFoundError } from '@temporalio/client';
import { cronCalendar } from './normalizeSchedule';
import {
  customAgentScheduleId,
  customAgentTriggerWorkflowId,
  CATCHUP_WINDOW_MINUTES,
  type CustomAgentSchedule,
  DEFAULT_SCHEDULED_TASK,
  scheduledRunWorkflowId,
} from '../../schema/customAgents/customAgentSchedules';
import { searchAttributes } from '../../schema/searchAttributes';
import { upsertSchedule } from '../temporal/upsertSchedule';
import type { CustomAgentRow } from './customAgentsProjection';

export interface ScheduleTarget {
  readonly client: Client;
  readonly taskQueue: string;
}

/** What a scheduled run is started with (workflows/customAgents/customAgentRun.ts). */
export interface ScheduledRunArgs {
  readonly agentId: string;
  readonly trigger: 'loop' | 'cron';
  readonly task: string;
}

/** A loop or cron schedule as a Temporal Schedule spec: an interval, or a calendar in its time zone. */
export function temporalSpecOf(schedule: CustomAgentSchedule & { type: 'loop' | 'cron' }) {
  if (schedule.type === 'loop') return { intervals: [{ every: schedule.config.minutes * 60_000 }] };
  const calendar = cronCalendar(schedule.config);
  if ('field' in calendar) throw new Error(`unreachable: a stored cron schedule is valid (${calendar.message})`);
  return { calendars: [calendar], timezone: schedule.config.timezone };
}

/**
 * Brings the agent's Temporal Schedule in line with its state (the projection, just written): created or updated for
 * an active loop or cron schedule (paused when its runs kept failing), deleted otherwise; an event schedule's trigger
 * workflow is stopped when the agent no longer runs on events. Every write of an agent calls it, so it is idempotent.
 */
export async function syncCustomAgentSchedule(target: ScheduleTarget, agent: CustomAgentRow): Promise<void> {
  const scheduleId = customAgentScheduleId(agent.agent_id);
  const schedule = agent.status === 'active' ? agent.schedule : null;
  if (schedule?.type !== 'event') await stopTrigger(target.client, agent.agent_id);
  if (!schedule || schedule.type === 'event') {
    try {
      await target.client.schedule.getHandle(scheduleId).delete();
    } catch (error) {
      if (!(error instanceof ScheduleNotFoundError)) throw error;
    }
    return;
  }
  const args: ScheduledRunArgs = { agentId: agent.agent_id, trigger: schedule.type, task: schedule.config.task ?? DEFAULT_SCHEDULED_TASK };
  const spec = temporalSpecOf(schedule);
  const action = {
    type: 'startWorkflow' as const,
    workflowType: 'customAgentRun',
    workflowId: scheduledRunWorkflowId(agent.agent_id),
    taskQueue: target.taskQueue,
    args: [args],
    typedSearchAttributes: [{ key: searchAttributes.agentId, value: agent.agent_id }],
    // A run no worker picks up (its queue gone) ends rather than wait forever; the next one starts on time.
    workflowRunTimeout: 3_600_000,
  };
  // Skip a run while the last is still going; take missed runs up to the catch-up window late (schema/customAgents/customAgentSchedules.ts).
  const policies = { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: CATCHUP_WINDOW_MINUTES * 60_000 };
  const paused = agent.schedule_state === 'paused';
  const note = paused ? `paused after ${agent.consecutive_failures} failed runs in a row` : `custom agent ${agent.name}`;
  await upsertSchedule(target.client, scheduleId, { spec, action, policies, state: { paused, note } });
}

/** Pauses an agent's schedule (its runs kept failing); a missing schedule has nothing to pause. */
export async function pauseCustomAgentSchedule(client: Client, agentId: string, note: string): Promise<void> {
  try {
    await client.schedule.getHandle(customAgentScheduleId(agentId)).pause(note);
  } catch (error) {
    if (!(error instanceof ScheduleNotFoundError)) throw error;
  }
}

async function stopTrigger(client: Client, agentId: string): Promise<void> {
  try {
    await client.workflow.getHandle(customAgentTriggerWorkflowId(agentId)).cancel();
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
  }
}
