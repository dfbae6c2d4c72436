/**
 * Custom agents (spec §4.7): what a schedule may say, defined once so the registry documents it and the API checks it
 * (core/customAgents/normalizeSchedule.ts maps it to a Temporal Schedule's calendar).
 */

export const CUSTOM_AGENT_LIMITS = {
  name: 100,
  systemPrompt: 10_000,
  tools: 20,
  task: 20_000,
  /** Most agents one owner may keep active (each may hold a schedule). */
  activePerOwner: 50,
  loopMinutes: { min: 1, max: 1440 },
  /** Most tool calls of one run of the agent loop. */
  maxSteps: 5,
} as const;

export const SCHEDULE_TYPES = ['loop', 'cron', 'event'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

/** What an event schedule runs on: a message to the agent, a task posted on the board, an event posted to a relay. */
export const TRIGGERS = ['message', 'task', 'relay'] as const;
export type Trigger = (typeof TRIGGERS)[number];

export type CustomAgentSchedule =
  | { readonly type: 'loop'; readonly config: { readonly minutes: number; readonly task?: string } }
  | {
      readonly type: 'cron';
      readonly config: { readonly hour: number; readonly minute: number; readonly day_of_week: string; readonly timezone: string; readonly task?: string };
    }
  | {
      readonly type: 'event';
      readonly config: { readonly trigger: Trigger; readonly tags?: readonly string[]; readonly q?: string; readonly relay_id?: string };
    };

/** How a run was started. */
export type RunTrigger = 'manual' | 'loop' | 'cron' | 'event';

/** What a scheduled run is asked when its schedule names no task. */
export const DEFAULT_SCHEDULED_TASK = 'Carry out your scheduled work now, as your instructions describe, and report what you found or did.';

/**
 * Missed runs Temporal still takes after an outage of the server (or of every worker) this long; older ones are
 * skipped, so an agent that was down a day does not fire a day of loops at once.
 */
export const CATCHUP_WINDOW_MINUTES = 10;

export const SCHEDULE_NOTE = `loop: config.minutes (${CUSTOM_AGENT_LIMITS.loopMinutes.min}–${CUSTOM_AGENT_LIMITS.loopMinutes.max}); cron: config.hour (0–23), config.minute (0–59), config.day_of_week ("*", "mon", "mon,wed,fri", "mon-fri"; default "*"), config.timezone (IANA, default UTC); event: config.trigger "message" (a message to the agent), "task" (a task posted on the board, matching config.tags / config.q when given) or "relay" (an event posted to the inbound relay config.relay_id). loop and cron accept config.task, what each run is asked. A run overlapping the previous one is skipped; runs missed during an outage are taken up to ${CATCHUP_WINDOW_MINUTES} minutes late; the schedule pauses after CUSTOM_AGENT_PAUSE_AFTER_FAILURES consecutive failed runs (POST the schedule again to resume).`;

/** The Temporal Schedule id of an agent's loop or cron schedule. */
export const customAgentScheduleId = (agentId: string) => `agent-${agentId}-schedule`;
/** The workflow id prefix of an agent's scheduled runs (Temporal appends the time of each). */
export const scheduledRunWorkflowId = (agentId: string) => `agentrun-${agentId}`;
/**
 * The signal each matching event is sent to the trigger workflow with (workflows/customAgents/customAgentTrigger.ts).
 * Its value is older than the constant's name and stays: running triggers listen for it.
 */
export const CUSTOM_AGENT_EVENT_SIGNAL = 'agentEvent';
/** How much of an inbound relay event's JSON an event run's task quotes (the rest stays in the relay's store). */
export const RELAY_PREVIEW_CHARS = 4_000;
/** The workflow an event schedule's events are signalled to (one per agent; it runs them one at a time). */
export const customAgentTriggerWorkflowId = (agentId: string) => `agent-${agentId}-trigger`;
