import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { mockRecords as mockRecordsAt } from './mock';

/** Records made on a given day: without a seed, dates are drawn around it. */
const mockRecords = (input: Parameters<typeof mockRecordsAt>[0]) => mockRecordsAt(input, new Date('2024-06-03T00:00:00Z'));

const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));

const SCHEMA = {
  type: 'object',
  required: ['id', 'email', 'age', 'status', 'sku', 'created_at'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', format: 'uuid' },
    first_name: { type: 'string', minLength: 1 },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 18, maximum: 65 },
    price: { type: 'number', minimum: 0, exclusiveMaximum: 100 },
    status: { enum: ['new', 'paid', 'shipped'] },
    sku: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' },
    nickname: { type: ['string', 'null'], maxLength: 5 },
    tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
    address: { type: 'object', required: ['city'], properties: { city: { type: 'string' }, zip: { type: 'string' } } },
    created_at: { type: 'string', format: 'date-time' },
    website: { type: 'string', format: 'uri' },
  },
};

describe('mock records', () => {
  it('produces records that validate against the given schema', () => {
    const { records } = mockRecords({ schema: SCHEMA, count: 25, seed: 3 });
    const validate = ajv.compile(SCHEMA);
    expect(records).toHaveLength(25);
    for (const r of records) if (!validate(r)) throw new Error(JSON.stringify(validate.errors));
  });

  it('repeats itself for the same seed and differs for another', () => {
    const a = mockRecords({ schema: SCHEMA, count: 3, seed: 11 });
    const b = mockRecords({ schema: SCHEMA, count: 3, seed: 11 });
    const c = mockRecords({ schema: SCHEMA, count: 3, seed: 12 });
    expect(b.records).toEqual(a.records);
    expect(c.records).not.toEqual(a.records);
  });

  it('fills a field map by name and type, and reports the seed it used', () => {
    const r = mockRecords({ schema: { name: 'string', age: 'integer', email: 'email', signup_date: 'date' }, count: 5 });
    const validate = ajv.compile(r.schema);
    for (const record of r.records) {
      if (!validate(record)) throw new Error(JSON.stringify(validate.errors));
      expect((record as { name: string }).name).toMatch(/^\S+ \S+/);
    }
    expect(mockRecords({ schema: { name: 'string' }, count: 2, seed: r.seed }).records).toEqual(
      mockRecords({ schema: { name: 'string' }, count: 2, seed: r.seed }).records,
    );
  });
});
