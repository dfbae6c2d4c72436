import { closest, distance } from 'fastest-levenshtein';
import { DateTime, IANAZone } from 'luxon';
import { invalidInput } from '../../core/calls/callFailures';

const ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');

/**
 * An instant in an IANA zone (luxon over the runtime's ICU data): local date-time, UTC offset, whether daylight
 * saving is on, and the ISO 8601 week (which can belong to the previous or next year). `at` is an instant (with
 * Z or an offset) or a local date-time in the zone; now when absent. An unknown zone is a 400 naming close ones.
 */
export function describeZone(zoneName: string, at: string | undefined, now: Date): Record<string, unknown> {
  const zone = knownZone(zoneName);
  const moment = at ? parseMoment(at, zone) : DateTime.fromJSDate(now, { zone });
  return {
    zone: zone.name,
    datetime: moment.toISO({ suppressMilliseconds: true }),
    date: moment.toISODate(),
    utc_offset: moment.toFormat('ZZ'),
    offset_minutes: moment.offset,
    dst: moment.isInDST,
    abbreviation: moment.setLocale('en-GB').offsetNameShort ?? moment.toFormat('ZZ'),
    iso_week: moment.weekNumber,
    iso_week_year: moment.weekYear,
    iso_week_date: moment.toISOWeekDate(),
    day_of_week: moment.setLocale('en').weekdayLong,
    unix: Math.floor(moment.toSeconds()),
  };
}

function knownZone(name: string): IANAZone {
  const zone = IANAZone.create(name);
  if (zone.isValid) return zone;
  const lower = name.toLowerCase();
  const near = ZONES.filter((z) => z.toLowerCase().includes(lower.split('/').pop() ?? lower)).slice(0, 5);
  const suggestions = near.length ? near : [...ZONES].sort((a, b) => distance(lower, a.toLowerCase()) - distance(lower, b.toLowerCase())).slice(0, 5);
  throw invalidInput(`unknown time zone "${name}"`, `Use an IANA zone name. Close ones: ${suggestions.join(', ') || closest(name, [...ZONES])}.`);
}

function parseMoment(at: string, zone: IANAZone): DateTime {
  const moment = DateTime.fromISO(at, { zone, setZone: false });
  if (!moment.isValid) throw invalidInput(`"${at}" is not an ISO 8601 date or date-time`, 'Send e.g. 2026-07-01, 2026-07-01T12:00 or 2026-07-01T10:00:00Z.');
  return moment.setZone(zone);
}
