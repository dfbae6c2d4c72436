import { countries, getCountryData, getEmojiFlag, languages, type TCountryCode } from 'countries-list';
import { currencies } from 'countries-list/currencies';
import abbreviations from 'country-json/src/country-by-abbreviation.json';
import populations from 'country-json/src/country-by-population.json';
import { distance } from 'fastest-levenshtein';
import { invalidInput } from '../../core/calls/callFailures';
import { upstreamNotFound } from './upstream/upstreamFailures';

/** The year of the bundled population figures (World Bank estimates, as country-json publishes them). */
export const POPULATION_YEAR = 2018;
const SOURCES = [
  'countries-list (MIT): names, capitals, currencies, languages, calling codes',
  `country-json (MIT): population, World Bank ${POPULATION_YEAR}`,
];

const codes = Object.keys(countries) as TCountryCode[];
const populationByCode = new Map<string, number>();
{
  const codeOf = new Map((abbreviations as { country: string; abbreviation: string | null }[]).map((a) => [a.country, a.abbreviation]));
  for (const { country, population } of populations as { country: string; population: number | null }[]) {
    const code = codeOf.get(country);
    if (code && typeof population === 'number') populationByCode.set(code, population);
  }
}

/** A country by name (English or native) or ISO alpha-2/alpha-3 code, from bundled datasets (no network). */
export function describeCountry(query: string): Record<string, unknown> {
  const code = findCode(query.trim());
  const data = getCountryData(code);
  const population = populationByCode.get(code);
  return {
    name: data.name,
    native_name: data.native,
    code,
    code3: data.iso3,
    capital: data.capital,
    ...(population !== undefined ? { population, population_year: POPULATION_YEAR } : {}),
    continent: data.continent,
    currencies: data.currency.map((c) => {
      const known = (currencies as Record<string, { name: string; symbol: string } | undefined>)[c];
      return { code: c, ...(known ? { name: known.name, symbol: known.symbol } : {}) };
    }),
    languages: data.languages.map((l) => {
      const known = (languages as Record<string, { name: string; native: string } | undefined>)[l];
      return { code: l, ...(known ? { name: known.name, native: known.native } : {}) };
    }),
    calling_codes: data.phone,
    flag: getEmojiFlag(code),
    sources: SOURCES,
  };
}

function findCode(query: string): TCountryCode {
  if (!query) throw invalidInput('country is empty', 'Send a country name or ISO code, e.g. France or FR.');
  const upper = query.toUpperCase();
  if (upper.length === 2 && (countries as Record<string, unknown>)[upper]) return upper as TCountryCode;
  if (upper.length === 3) {
    const byIso3 = codes.find((c) => getCountryData(c).iso3 === upper);
    if (byIso3) return byIso3;
  }
  const lower = query.toLowerCase();
  const byName = codes.find((c) => countries[c].name.toLowerCase() === lower || countries[c].native.toLowerCase() === lower);
  if (byName) return byName;
  const near = [...codes].sort((a, b) => distance(lower, countries[a].name.toLowerCase()) - distance(lower, countries[b].name.toLowerCase())).slice(0, 3);
  throw upstreamNotFound(
    'bundled:countries-list',
    `no country called "${query}"`,
    `Did you mean ${near.map((c) => `${countries[c].name} (${c})`).join(', ')}?`,
  );
}
