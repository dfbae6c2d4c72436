import { boardTaskMatches } from '../tasks/boardTaskMatches';
import { cronCalendar, daysOfWeek, normalizeSchedule } from './normalizeSchedule';

describe('custom agent schedules', () => {
  it('maps day_of_week in its single, list, range and wrapped forms to calendar ranges', () => {
    expect(daysOfWeek('*')).toBe('*');
    expect(daysOfWeek('mon')).toEqual([{ start: 'MONDAY', end: 'MONDAY' }]);
    expect(daysOfWeek('Mon-Fri')).toEqual([{ start: 'MONDAY', end: 'FRIDAY' }]);
    expect(daysOfWeek('mon,wed, fri')).toEqual([
      { start: 'MONDAY', end: 'MONDAY' },
      { start: 'WEDNESDAY', end: 'WEDNESDAY' },
      { start: 'FRIDAY', end: 'FRIDAY' },
    ]);
    expect(daysOfWeek('fri-mon')).toEqual([
      { start: 'FRIDAY', end: 'SATURDAY' },
      { start: 'SUNDAY', end: 'MONDAY' },
    ]);
    expect(daysOfWeek('mon-funday')).toMatchObject({ field: 'day_of_week' });
  });

  it('maps a cron config to the hour, minute and days of one calendar', () => {
    expect(cronCalendar({ hour: 9, minute: 0, day_of_week: 'tue-thu' })).toEqual({ hour: 9, minute: 0, dayOfWeek: [{ start: 'TUESDAY', end: 'THURSDAY' }] });
    // Weekdays count from Sunday: a weekend range wraps into two.
    expect(cronCalendar({ hour: 9, minute: 0, day_of_week: 'sat-sun' })).toEqual({
      hour: 9,
      minute: 0,
      dayOfWeek: [
        { start: 'SATURDAY', end: 'SATURDAY' },
        { start: 'SUNDAY', end: 'SUNDAY' },
      ],
    });
  });

  it('fills defaults and refuses what cannot run: minutes out of range, an unknown time zone or trigger, a relay trigger without a relay', () => {
    expect(normalizeSchedule({ type: 'cron', config: { hour: 7 } })).toEqual({
      type: 'cron',
      config: { hour: 7, minute: 0, day_of_week: '*', timezone: 'UTC' },
    });
    expect(normalizeSchedule({ type: 'loop', config: { minutes: 30, task: 'Check prices.' } })).toEqual({
      type: 'loop',
      config: { minutes: 30, task: 'Check prices.' },
    });
    expect(normalizeSchedule({ type: 'loop', config: { minutes: 1441 } })).toMatchObject({ field: 'schedule.config.minutes' });
    expect(normalizeSchedule({ type: 'loop', config: { minutes: 0 } })).toMatchObject({ field: 'schedule.config.minutes' });
    expect(normalizeSchedule({ type: 'cron', config: { hour: 7, timezone: 'Mars/Olympus' } })).toMatchObject({ field: 'schedule.config.timezone' });
    expect(normalizeSchedule({ type: 'cron', config: { hour: 7, timezone: 'America/New_York' } })).toMatchObject({ config: { timezone: 'America/New_York' } });
    expect(normalizeSchedule({ type: 'event', config: { trigger: 'sunrise' } })).toMatchObject({ field: 'schedule.config.trigger' });
    expect(normalizeSchedule({ type: 'event', config: { trigger: 'relay' } })).toMatchObject({ field: 'schedule.config.relay_id' });
    expect(normalizeSchedule({ type: 'weekly', config: {} })).toMatchObject({ field: 'schedule.type' });
  });

  it('matches posted tasks on any of the tags and all of the words', () => {
    const task = { title: 'Qualify lead ACME', description: 'A developer tools company', tags: ['lead', 'b2b'] };
    expect(boardTaskMatches({}, task)).toBe(true);
    expect(boardTaskMatches({ tags: ['lead'] }, task)).toBe(true);
    expect(boardTaskMatches({ tags: ['support'] }, task)).toBe(false);
    expect(boardTaskMatches({ q: 'developer acme' }, task)).toBe(true);
    expect(boardTaskMatches({ q: 'developer globex' }, task)).toBe(false);
  });
});
