/**
 * Custom agents (spec §4.7): what a schedule may say and how it maps to a Temporal Schedule's spec, defined once so
 * the registry documents it, the API validates it and the tests check the mapping. Pure: no Temporal import.
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

const DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;
export type DayName = (typeof DAYS)[number];
const DAY_ABBREVIATIONS: Readonly<Record<string, number>> = {
  sun: 0,
  sunday: 0,
  mon: 1,
  monday: 1,
  tue: 2,
  tues: 2,
  tuesday: 2,
  wed: 3,
  wednesday: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  thursday: 4,
  fri: 5,
  friday: 5,
  sat: 6,
  saturday: 6,
};

/** A Temporal calendar as plain data (the client's CalendarSpec shape). */
export interface CalendarRange<T> {
  readonly start: T;
  readonly end: T;
}
export interface ScheduleCalendar {
  readonly hour: number;
  readonly minute: number;
  readonly dayOfWeek: '*' | CalendarRange<DayName>[];
}

export type ScheduleProblem = { readonly field: string; readonly message: string };

/**
 * Days of the week as calendar ranges: "*" (or "daily", "every day"), one day, a list ("mon,wed,fri"), a range
 * ("mon-fri"), or a list of both ("mon-wed,fri"). A range ending before it starts ("fri-mon") wraps over Sunday.
 */
export function daysOfWeek(text: string): '*' | CalendarRange<DayName>[] | ScheduleProblem {
  const spec = text.trim().toLowerCase();
  if (spec === '*' || spec === 'daily' || spec === 'every day' || spec === '') return '*';
  const ranges: CalendarRange<DayName>[] = [];
  for (const part of spec.split(',').map((p) => p.trim())) {
    const [from, to, ...rest] = part.split('-').map((d) => d.trim());
    const start = DAY_ABBREVIATIONS[from ?? ''];
    const end = to === undefined ? start : DAY_ABBREVIATIONS[to];
    if (rest.length || start === undefined || end === undefined) {
      return { field: 'day_of_week', message: `day_of_week: "${part}" is not a day or a range of days (write e.g. "mon", "mon,wed,fri" or "mon-fri")` };
    }
    if (start <= end) ranges.push({ start: DAYS[start]!, end: DAYS[end]! });
    else ranges.push({ start: DAYS[start]!, end: 'SATURDAY' }, { start: 'SUNDAY', end: DAYS[end]! });
  }
  return ranges;
}

/** An IANA time zone the runtime knows (Intl), e.g. "Europe/Berlin"; UTC when not given. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A cron schedule's calendar in its time zone, or what is wrong with it. */
export function cronCalendar(config: { hour: number; minute: number; day_of_week?: string }): ScheduleCalendar | ScheduleProblem {
  const dayOfWeek = daysOfWeek(config.day_of_week ?? '*');
  if (typeof dayOfWeek === 'object' && 'field' in dayOfWeek) return dayOfWeek;
  return { hour: config.hour, minute: config.minute, dayOfWeek };
}

/**
 * A schedule as sent (already checked against its JSON Schema) made whole: defaults filled, the day and zone checked.
 * Returns what is wrong instead when it cannot run.
 */
export function normalizeSchedule(raw: { type: string; config: Record<string, unknown> }): CustomAgentSchedule | ScheduleProblem {
  const config = raw.config;
  const task = typeof config.task === 'string' && config.task.trim() ? { task: config.task } : {};
  switch (raw.type) {
    case 'loop': {
      const minutes = config.minutes;
      const { min, max } = CUSTOM_AGENT_LIMITS.loopMinutes;
      if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < min || minutes > max) {
        return { field: 'schedule.config.minutes', message: `schedule.config.minutes must be a whole number of minutes from ${min} to ${max}` };
      }
      return { type: 'loop', config: { minutes, ...task } };
    }
    case 'cron': {
      const { hour, minute } = config;
      if (typeof hour !== 'number' || !Number.isInteger(hour) || hour < 0 || hour > 23) {
        return { field: 'schedule.config.hour', message: 'schedule.config.hour must be a whole hour from 0 to 23' };
      }
      const atMinute = minute ?? 0;
      if (typeof atMinute !== 'number' || !Number.isInteger(atMinute) || atMinute < 0 || atMinute > 59) {
        return { field: 'schedule.config.minute', message: 'schedule.config.minute must be a whole minute from 0 to 59' };
      }
      const dayOfWeek = typeof config.day_of_week === 'string' ? config.day_of_week : '*';
      const calendar = cronCalendar({ hour, minute: atMinute, day_of_week: dayOfWeek });
      if ('field' in calendar) return { field: 'schedule.config.day_of_week', message: `schedule.config.${calendar.message}` };
      const timezone = typeof config.timezone === 'string' && config.timezone ? config.timezone : 'UTC';
      if (!isTimeZone(timezone)) return { field: 'schedule.config.timezone', message: `schedule.config.timezone: "${timezone}" is not an IANA time zone` };
      return { type: 'cron', config: { hour, minute: atMinute, day_of_week: dayOfWeek, timezone, ...task } };
    }
    case 'event': {
      const trigger = config.trigger;
      if (!TRIGGERS.includes(trigger as Trigger)) {
        return { field: 'schedule.config.trigger', message: `schedule.config.trigger must be one of ${TRIGGERS.join(', ')}` };
      }
      if (trigger === 'relay' && (typeof config.relay_id !== 'string' || !config.relay_id)) {
        return {
          field: 'schedule.config.relay_id',
          message: 'schedule.config.relay_id names the inbound relay (POST /webhooks/create) whose events run the agent',
        };
      }
      const tags = Array.isArray(config.tags) ? { tags: config.tags.map(String) } : {};
      const q = typeof config.q === 'string' && config.q ? { q: config.q } : {};
      const relay = trigger === 'relay' ? { relay_id: String(config.relay_id) } : {};
      return { type: 'event', config: { trigger: trigger as Trigger, ...tags, ...q, ...relay } };
    }
    default:
      return { field: 'schedule.type', message: `schedule.type must be one of ${SCHEDULE_TYPES.join(', ')}` };
  }
}

/** Whether a task posted on the board is one an event schedule on "task" runs for: every given part must match. */
export function taskMatches(
  config: { readonly tags?: readonly string[]; readonly q?: string },
  task: { readonly title: string; readonly description: string; readonly tags: readonly string[] },
): boolean {
  if (config.tags?.length && !config.tags.some((tag) => task.tags.includes(tag))) return false;
  if (config.q) {
    const text = `${task.title} ${task.description}`.toLowerCase();
    if (
      !config.q
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean)
        .every((word) => text.includes(word))
    )
      return false;
  }
  return true;
}

/** The Temporal Schedule id of an agent's loop or cron schedule. */
export const agentScheduleId = (agentId: string) => `agent-${agentId}-schedule`;
/** The workflow id prefix of an agent's scheduled runs (Temporal appends the time of each). */
export const scheduledRunWorkflowId = (agentId: string) => `agentrun-${agentId}`;
/** The signal each matching event is sent to the trigger workflow with (workflows/customAgents/customAgentTrigger.ts). */
export const AGENT_EVENT_SIGNAL = 'agentEvent';
/** How much of an inbound relay event's JSON an event run's task quotes (the rest stays in the relay's store). */
export const RELAY_PREVIEW_CHARS = 4_000;
/** The workflow an event schedule's events are signalled to (one per agent; it runs them one at a time). */
export const agentTriggerWorkflowId = (agentId: string) => `agent-${agentId}-trigger`;
