import { extractFields as extractFieldsAt } from './extract';

/** The day a relative date in the text is read against (none of these texts has one). */
const extractFields = (input: Parameters<typeof extractFieldsAt>[0]) => extractFieldsAt(input, new Date('2024-06-03T00:00:00Z'));

const INVOICE = `Invoice INV-2024-117 from Globex Inc, issued March 3, 2024.
Customer: Jane Doe (jane.doe@example.com, +1 (555) 123-4567).
Total due: $1,249.50 by April 2, 2024. Discount applied: 10%.
Details at https://globex.example.com/billing.`;

describe('schema-guided extraction', () => {
  const r = extractFields({
    text: INVOICE,
    schema: {
      type: 'object',
      properties: {
        invoice_number: { type: 'string' },
        company: { type: 'string' },
        customer: { type: 'string' },
        email: { type: 'string', format: 'email' },
        phone: { type: 'string' },
        total: { type: 'number' },
        due_date: { type: 'string', format: 'date' },
        discount_percent: { type: 'number' },
        website: { type: 'string', format: 'uri' },
        tax_id: { type: 'string' },
      },
    },
  });

  it('fills each field with a value of its type found in the text', () => {
    expect(r.data).toMatchObject({
      invoice_number: 'INV-2024-117',
      company: 'Globex Inc',
      customer: 'Jane Doe',
      email: 'jane.doe@example.com',
      phone: '+15551234567',
      total: 1249.5,
      due_date: '2024-04-02',
      discount_percent: 10,
      website: 'https://globex.example.com/billing',
    });
  });

  it('leaves what the text does not say null, and lists it as missing', () => {
    expect(r.data.tax_id).toBeNull();
    expect(r.missing).toEqual(['tax_id']);
  });

  it('points every found value at the words it came from', () => {
    for (const field of r.found) {
      const evidence = r.evidence[field] as { text: string; start: number; end: number };
      expect(INVOICE.slice(evidence.start, evidence.end)).toBe(evidence.text);
    }
  });

  it('takes any JSON as a field’s entry: null, a number or a list is a field of no stated type (the fuzzer’s 500)', () => {
    const loose = extractFields({ text: '0', schema: { '0': null, c: null } as never });
    expect({ data: loose.data, missing: loose.missing }).toEqual({ data: { '0': null, c: null }, missing: ['0', 'c'] });
    const odd = extractFields({
      text: 'Contact ana@example.com',
      schema: { type: 'object', properties: { email: { type: 'string', format: 'email' }, note: 5, tags: { type: 'array', items: null } } } as never,
    });
    expect(odd.data).toMatchObject({ email: 'ana@example.com', note: null, tags: null });
  });

  it('accepts a map of field to type word, with lists', () => {
    const people = extractFields({
      text: 'John Smith works at Initech in Austin. Reach him at john@initech.com or john.smith@gmail.com. He is 34 years old; his age was confirmed.',
      schema: { name: 'person', emails: 'array of email', city: 'place', age: 'integer', remote: 'boolean' },
    });
    expect(people.data).toMatchObject({ name: 'John Smith', emails: ['john@initech.com', 'john.smith@gmail.com'], city: 'Austin', age: 34, remote: null });
  });
});
