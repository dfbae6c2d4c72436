import { randomInt } from 'node:crypto';
import { base, de, en, en_GB, es, Faker, fr, it, ja, type LocaleDefinition, nl, pt_BR } from '@faker-js/faker';

const LOCALES: Readonly<Record<string, LocaleDefinition>> = { en, en_GB, de, fr, es, it, nl, pt_BR, ja };
const COUNTRY: Readonly<Record<string, string>> = {
  en: 'United States',
  en_GB: 'United Kingdom',
  de: 'Germany',
  fr: 'France',
  es: 'Spain',
  it: 'Italy',
  nl: 'Netherlands',
  pt_BR: 'Brazil',
  ja: 'Japan',
};
/** Birthdates are drawn relative to this fixed day, so a seed gives the same people on any day. */
const REFERENCE_DATE = new Date('2026-01-01T00:00:00Z');

export interface RandomPeopleRequest {
  readonly count: number;
  readonly seed?: number;
  readonly sex?: 'female' | 'male';
  readonly locale: string;
}

/** Made-up people (faker): the same seed, count, sex and locale give the same records; no seed draws one and says it. */
export function randomPeople(request: RandomPeopleRequest): Record<string, unknown> {
  const seed = request.seed ?? randomInt(0, 2_147_483_647);
  const faker = new Faker({ locale: [LOCALES[request.locale] ?? en, en, base] });
  faker.seed(seed);
  const people = Array.from({ length: request.count }, () => {
    const sex = request.sex ?? faker.person.sexType();
    const first = faker.person.firstName(sex);
    const last = faker.person.lastName(sex);
    return {
      first_name: first,
      last_name: last,
      full_name: request.locale === 'ja' ? `${last} ${first}` : `${first} ${last}`,
      sex,
      email: faker.internet.email({ firstName: first, lastName: last, provider: 'example.com' }).toLowerCase(),
      username: faker.internet.username({ firstName: first, lastName: last }),
      phone: faker.phone.number(),
      birthdate: faker.date.birthdate({ mode: 'age', min: 18, max: 90, refDate: REFERENCE_DATE }).toISOString().slice(0, 10),
      job_title: faker.person.jobTitle(),
      address: {
        street: faker.location.streetAddress(),
        city: faker.location.city(),
        postcode: faker.location.zipCode(),
        country: COUNTRY[request.locale] ?? 'United States',
      },
    };
  });
  return { seed, locale: request.locale, people };
}
