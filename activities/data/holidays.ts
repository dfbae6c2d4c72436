import { invalidInput } from '../../core/calls/callFailures';

/**
 * Public holidays from the bundled date-holidays dataset (code ISC, data CC BY 3.0), names in English. Only
 * `public` days (days off by law); observances, bank and school days are left out. A region adds its own.
 */
export async function publicHolidays(countryCode: string, year: number, region: string | undefined): Promise<Record<string, unknown>> {
  // Loaded on first use: the dataset is large, and a worker that never serves /data/holidays need not hold it.
  const { default: Holidays } = await import('date-holidays');
  const country = countryCode.toUpperCase();
  const known = new Holidays().getCountries('en');
  if (!known[country]) throw invalidInput(`no holiday data for the country "${countryCode}"`, 'Use an ISO 3166-1 alpha-2 code such as FR, DE or US.');
  if (region && !new Holidays().getStates(country)?.[region.toUpperCase()]) {
    throw invalidInput(
      `no region "${region}" in ${known[country]}`,
      `Leave region out, or use one of: ${Object.keys(new Holidays().getStates(country) ?? {}).join(', ') || 'none'}.`,
    );
  }
  const options = { languages: ['en'], types: ['public' as const] };
  const calendar = region ? new Holidays(country, region.toUpperCase(), options) : new Holidays(country, options);
  const holidays = calendar
    .getHolidays(year, 'en')
    .filter((h) => h.type === 'public')
    .map((h) => ({ date: h.date.slice(0, 10), name: h.name, type: h.type }));
  return { country, year, holidays, count: holidays.length };
}
