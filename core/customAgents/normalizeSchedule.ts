import { CUSTOM_AGENT_LIMITS, type CustomAgentSchedule, SCHEDULE_TYPES, type Trigger, TRIGGERS } from '../../schema/customAgents/customAgentSchedules';

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
