import { describeZone } from './timezone';

const now = new Date('2026-03-10T12:00:00Z');

describe('/data/timezone', () => {
  it('puts Europe/Paris at UTC+01:00 without daylight saving in January and at +02:00 with it in July', () => {
    expect(describeZone('Europe/Paris', '2026-01-15T12:00:00Z', now)).toMatchObject({
      zone: 'Europe/Paris',
      datetime: '2026-01-15T13:00:00+01:00',
      utc_offset: '+01:00',
      offset_minutes: 60,
      dst: false,
      abbreviation: 'CET',
    });
    expect(describeZone('Europe/Paris', '2026-07-15T12:00:00Z', now)).toMatchObject({
      utc_offset: '+02:00',
      offset_minutes: 120,
      dst: true,
      abbreviation: 'CEST',
    });
  });

  it('numbers ISO weeks across the year edge: 2026 has a week 53, which 1 January 2027 still belongs to', () => {
    expect(describeZone('UTC', '2026-12-31', now)).toMatchObject({ iso_week: 53, iso_week_year: 2026, iso_week_date: '2026-W53-4', day_of_week: 'Thursday' });
    expect(describeZone('UTC', '2027-01-01', now)).toMatchObject({ iso_week: 53, iso_week_year: 2026, iso_week_date: '2026-W53-5' });
    expect(describeZone('UTC', '2027-01-04', now)).toMatchObject({ iso_week: 1, iso_week_year: 2027 });
  });

  it('reads a local date-time in the zone, and describes now when no instant is given', () => {
    expect(describeZone('America/New_York', '2026-07-04T09:30', now)).toMatchObject({ datetime: '2026-07-04T09:30:00-04:00', dst: true });
    expect(describeZone('Asia/Tokyo', undefined, now)).toMatchObject({ datetime: '2026-03-10T21:00:00+09:00', unix: now.getTime() / 1000 });
  });

  it('refuses an unknown zone with a 400 that lists close names', () => {
    let error: unknown;
    try {
      describeZone('Europe/Pariss', undefined, now);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ type: 'InvalidInput', message: 'unknown time zone "Europe/Pariss"' });
    expect(JSON.stringify((error as { details: unknown }).details)).toContain('Europe/Paris');
  });
});
