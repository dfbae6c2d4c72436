import { publicHolidays } from './holidays';

describe('/data/holidays', () => {
  it('lists the eleven French public holidays of 2026 in English', async () => {
    const { holidays, count } = (await publicHolidays('fr', 2026, undefined)) as { holidays: { date: string; name: string }[]; count: number };
    expect(count).toBe(11);
    expect(holidays.map((h) => `${h.date} ${h.name}`)).toEqual([
      "2026-01-01 New Year's Day",
      '2026-04-06 Easter Monday',
      '2026-05-01 Labour Day',
      '2026-05-08 Victory Day',
      '2026-05-14 Ascension Day',
      '2026-05-25 Whit Monday',
      '2026-07-14 Bastille Day',
      '2026-08-15 Assumption',
      "2026-11-01 All Saints' Day",
      '2026-11-11 Armistice Day',
      '2026-12-25 Christmas Day',
    ]);
  });

  it("adds a region's own holidays (Epiphany in Bavaria, not in Berlin)", async () => {
    const names = async (region?: string) => ((await publicHolidays('DE', 2026, region)).holidays as { name: string }[]).map((h) => h.name);
    expect(await names('BY')).toContain('Epiphany');
    expect(await names('BE')).not.toContain('Epiphany');
  });

  it('refuses an unknown country or region with a 400', async () => {
    await expect(publicHolidays('XX', 2026, undefined)).rejects.toMatchObject({ type: 'InvalidInput' });
    await expect(publicHolidays('FR', 2026, 'ZZ')).rejects.toMatchObject({ type: 'InvalidInput' });
  });
});
