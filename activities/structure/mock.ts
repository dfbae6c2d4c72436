import { base, en, Faker } from '@faker-js/faker';
import RandExp from 'randexp';
import { schemaFromDescription } from './describedFields';
import type { Schema } from './schemaInference';
import type { structureTools } from '../../schema/structure/structureTools';
import type { ToolArguments } from '../../schema/registry/toolInput';

/** The input of /mock, derived from its registry entry (schema/structure/structureTools.ts). */
export type MockInput = ToolArguments<typeof structureTools, 'mock'>;

export interface MockResult {
  records: unknown[];
  count: number;
  seed: number;
  schema: Schema;
}

const FIXED_REFERENCE = '2025-01-01T00:00:00Z';

/** A record schema from what callers send; type words in a map are read like described fields. */
export function recordSchemaOf(input: unknown): Schema {
  if (typeof input === 'string') return schemaFromDescription(input);
  if (Array.isArray(input)) return schemaFromDescription(input.map(String).join(', '));
  const s = (input ?? {}) as Schema;
  if (s.type || s.properties || s.enum || s.anyOf || s.oneOf) return s;
  const described = Object.entries(s).map(([k, v]) => (typeof v === 'string' ? `${k}: ${v}` : k));
  const schema = schemaFromDescription(described.join('\n'));
  // Nested schemas in a map are kept as given.
  for (const [k, v] of Object.entries(s)) if (v && typeof v === 'object') (schema.properties as Record<string, Schema>)[k.toLowerCase()] = v as Schema;
  return schema;
}

type Gen = (f: Faker) => unknown;

// String fields by name, most specific first: the name says more about a plausible value than the type does.
const STRING_BY_NAME: [RegExp, Gen][] = [
  [/first_?name|given_?name/, (f) => f.person.firstName()],
  [/last_?name|surname|family_?name/, (f) => f.person.lastName()],
  [/user_?name|login|handle/, (f) => f.internet.username()],
  [/e-?mail/, (f) => f.internet.email()],
  [/phone|mobile|fax|tel/, (f) => f.phone.number()],
  [/avatar|image|photo|picture|thumbnail/, (f) => f.image.url()],
  [/url|website|homepage|link/, (f) => f.internet.url()],
  [/company|organi[sz]ation|employer|vendor|brand/, (f) => f.company.name()],
  [/job|occupation|position|role/, (f) => f.person.jobTitle()],
  [/product/, (f) => f.commerce.productName()],
  [/category|department|genre/, (f) => f.commerce.department()],
  [/(^|_)(full_?)?name$|author|owner|customer|contact|manager/, (f) => f.person.fullName()],
  [/street|address/, (f) => f.location.streetAddress()],
  [/city|town/, (f) => f.location.city()],
  [/country/, (f) => f.location.country()],
  [/state|province|region/, (f) => f.location.state()],
  [/zip|postal|postcode/, (f) => f.location.zipCode()],
  [/currency/, (f) => f.finance.currencyCode()],
  [/iban/, (f) => f.finance.iban()],
  [/colou?r/, (f) => f.color.human()],
  [/password|secret/, (f) => f.internet.password()],
  [/(^|_)ip(_?address)?$/, (f) => f.internet.ipv4()],
  [/(^|_)(id|uuid|guid)$/, (f) => f.string.uuid()],
  [/sku|code|ref/, (f) => f.string.alphanumeric({ length: 8, casing: 'upper' })],
  [/title|headline|subject/, (f) => f.lorem.sentence({ min: 3, max: 6 }).replace(/\.$/, '')],
  [/description|bio|summary|body|comment|message|text|content|notes?/, (f) => f.lorem.sentences({ min: 1, max: 3 })],
  [/status/, (f) => f.helpers.arrayElement(['active', 'pending', 'inactive'])],
  [/word|tag|keyword|label/, (f) => f.lorem.word()],
];

const NUMBER_BY_NAME: [RegExp, [number, number, number]][] = [
  [/(^|_)age($|_)/, [18, 90, 0]],
  [/price|amount|cost|total|salary|balance|fee/, [1, 1000, 2]],
  [/rating|stars/, [1, 5, 1]],
  [/percent|pct/, [0, 100, 1]],
  [/quantity|qty|count|stock/, [1, 100, 0]],
  [/year/, [1990, 2030, 0]],
  [/lat(itude)?$/, [-90, 90, 6]],
  [/(lng|lon|longitude)$/, [-180, 180, 6]],
  [/(^|_)id$/, [1, 100000, 0]],
];

const FORMATS: Record<string, Gen> = {
  email: (f) => f.internet.email(),
  'idn-email': (f) => f.internet.email(),
  uri: (f) => f.internet.url(),
  url: (f) => f.internet.url(),
  'uri-reference': (f) => f.internet.url(),
  uuid: (f) => f.string.uuid(),
  'date-time': (f) => f.date.recent({ days: 365 }).toISOString(),
  date: (f) => f.date.recent({ days: 365 }).toISOString().slice(0, 10),
  time: (f) => f.date.recent().toISOString().slice(11, 19) + 'Z',
  ipv4: (f) => f.internet.ipv4(),
  ipv6: (f) => f.internet.ipv6(),
  hostname: (f) => f.internet.domainName(),
};

function pickType(schema: Schema): string {
  const type = schema.type;
  if (Array.isArray(type)) return (type.find((t) => t !== 'null') as string | undefined) ?? 'null';
  if (typeof type === 'string') return type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return 'string';
}

function numberFor(f: Faker, schema: Schema, name: string, integer: boolean): number {
  const [lo, hi, places] = NUMBER_BY_NAME.find(([re]) => re.test(name))?.[1] ?? [0, 1000, 2];
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + (integer ? 1 : 0.01) : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - (integer ? 1 : 0.01) : undefined;
  const min = (schema.minimum as number | undefined) ?? exclusiveMin ?? (schema.maximum !== undefined ? Math.min(lo, schema.maximum as number) : lo);
  const max = (schema.maximum as number | undefined) ?? exclusiveMax ?? Math.max(min, hi);
  if (integer) return f.number.int({ min: Math.ceil(min), max: Math.floor(max) });
  const multipleOf = schema.multipleOf as number | undefined;
  if (multipleOf) return f.number.int({ min: Math.ceil(min / multipleOf), max: Math.floor(max / multipleOf) }) * multipleOf;
  return f.number.float({ min, max, fractionDigits: places || 2 });
}

function stringFor(f: Faker, schema: Schema, name: string): string {
  let value: string;
  if (typeof schema.pattern === 'string') {
    const generator = new RandExp(schema.pattern);
    // randexp draws from faker's seeded generator, so patterned values repeat with the seed too.
    generator.randInt = (a: number, b: number) => f.number.int({ min: a, max: b });
    generator.max = 8;
    value = generator.gen();
  } else if (typeof schema.format === 'string' && FORMATS[schema.format]) value = String(FORMATS[schema.format]!(f));
  else value = String((STRING_BY_NAME.find(([re]) => re.test(name))?.[1] ?? ((x: Faker) => x.lorem.words({ min: 1, max: 3 })))(f));
  const minLength = schema.minLength as number | undefined;
  const maxLength = schema.maxLength as number | undefined;
  while (minLength !== undefined && value.length < minLength) value += ` ${f.lorem.word()}`;
  if (maxLength !== undefined && value.length > maxLength) value = value.slice(0, maxLength);
  return value;
}

function valueFor(f: Faker, schema: Schema, name: string): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return f.helpers.arrayElement(schema.enum);
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants?.length) return valueFor(f, variants[0]!, name);
  const key = name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
  switch (pickType(schema)) {
    case 'null':
      return null;
    case 'boolean':
      return f.datatype.boolean();
    case 'integer':
      return numberFor(f, schema, key, true);
    case 'number':
      return numberFor(f, schema, key, false);
    case 'array': {
      const items = (schema.items ?? { type: 'string' }) as Schema;
      const min = (schema.minItems as number | undefined) ?? 1;
      const max = Math.max(min, (schema.maxItems as number | undefined) ?? Math.max(min, 3));
      const singular = key.replace(/s$/, '');
      const list = Array.from({ length: f.number.int({ min, max }) }, () => valueFor(f, items, singular));
      return schema.uniqueItems ? [...new Map(list.map((v) => [JSON.stringify(v), v])).values()] : list;
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, valueFor(f, v, k)]));
    }
    default:
      return stringFor(f, schema, key);
  }
}

/**
 * Schema-driven fake records with @faker-js/faker: formats first (email, uri, date-time …), then the field's
 * name (first_name, price, city …), then its type and bounds; `pattern` strings come from randexp.
 */
export function mockRecords(input: MockInput, now: Date): MockResult {
  const schema = recordSchemaOf(input.schema);
  const seed = input.seed ?? Math.floor(Math.random() * 2 ** 31);
  const faker = new Faker({ locale: [en, base], seed });
  faker.setDefaultRefDate(input.reference_date ?? (input.seed !== undefined ? FIXED_REFERENCE : now));
  const count = Math.max(1, Math.min(input.count ?? 5, 1000));
  const records = Array.from({ length: count }, () => valueFor(faker, schema, 'record'));
  return { records, count, seed, schema };
}
