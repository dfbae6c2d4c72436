import { buildTimeline } from './timeline';

const HISTORY =
  'The Space Shuttle first flew in 1981. Neil Armstrong walked on the Moon on July 20, 1969. ' +
  'Apollo 11 launched on July 16, 1969, and returned to Earth on July 24, 1969. The review is due next Friday.';

describe('timeline', () => {
  const { events, range } = buildTimeline({ text: HISTORY, reference_date: '2024-03-06' }, new Date('2024-03-06'));

  it('orders events by date, not by where the text mentions them', () => {
    expect(events.map((e) => e.date)).toEqual(['1969-07-16', '1969-07-20', '1969-07-24', '1981', '2024-03-15']);
    expect(range).toEqual({ from: '1969-07-16', to: '2024-03-15' });
  });

  it('splits a sentence with two dates into two events, each with its own clause', () => {
    const launch = events.find((e) => e.date === '1969-07-16')!;
    const splash = events.find((e) => e.date === '1969-07-24')!;
    expect(launch.event).toMatch(/launched/);
    expect(launch.event).not.toMatch(/returned/);
    expect(splash.event).toMatch(/^returned to Earth/);
    expect(HISTORY.slice(splash.start, splash.end)).toBe(splash.event);
  });

  it('keeps the precision it knows: a bare year stays a year', () => {
    expect(events.find((e) => e.date === '1981')).toMatchObject({ precision: 'year', date_text: '1981' });
  });
});
