import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { buildJsonSchema } from './jsonSchema';

const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));

describe('json-schema', () => {
  const examples = [
    { id: 1, name: 'Ada', email: 'ada@example.com', tags: ['math'], created_at: '2024-01-01T10:00:00Z', score: 3 },
    { id: 2, name: 'Bob', email: 'bob@example.com', tags: [], created_at: '2024-02-01T10:00:00Z', score: 4.5, nickname: 'B' },
  ];

  it('infers a draft-07 schema that accepts every example and rejects values of the wrong shape', () => {
    const { schema, source } = buildJsonSchema({ examples });
    expect(source).toBe('examples');
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    const validate = ajv.compile(schema);
    for (const e of examples) expect(validate(e)).toBe(true);
    expect(validate({ ...examples[0], id: 'one' })).toBe(false);
    expect(validate({ ...examples[0], email: 'not-an-email' })).toBe(false);
    const { name: _drop, ...withoutName } = examples[0]!;
    expect(validate(withoutName)).toBe(false);
    // A key only some examples have is optional.
    expect((schema.required as string[]).includes('nickname')).toBe(false);
  });

  it('builds a schema from described fields, typing untyped fields by name and honouring "optional"', () => {
    const { schema, fields } = buildJsonSchema({
      description: 'name: string, age: integer, email, tags (list of strings, optional), status: one of active|banned',
    });
    expect(fields).toEqual(['name', 'age', 'email', 'tags', 'status']);
    const validate = ajv.compile(schema);
    expect(validate({ name: 'Ada', age: 36, email: 'ada@example.com', status: 'active' })).toBe(true);
    expect(validate({ name: 'Ada', age: 36.5, email: 'ada@example.com', status: 'active' })).toBe(false);
    expect(validate({ name: 'Ada', age: 36, email: 'ada@example.com', status: 'gone' })).toBe(false);
    expect(validate({ name: 'Ada', age: 36, status: 'active' })).toBe(false);
  });

  it('reads the issue’s blog post: a title, "field (type, required)" phrases and a nested author (was a property blog_post_with)', () => {
    const { schema, fields, method } = buildJsonSchema({ description: 'A blog post with: id (uuid), title (string, required), author with name and email' });
    expect(fields).toEqual(['id', 'title', 'author']);
    expect(schema.title).toBe('Blog post');
    expect(method).toBe('described-fields');
    const validate = ajv.compile(schema);
    // Only the field marked required is: the others may be left out.
    expect(validate({ title: 'Hello' })).toBe(true);
    expect(validate({ title: 'Hello', author: { name: 'Ada', email: 'ada@example.com' } })).toBe(true);
    expect(validate({ id: 'not-a-uuid', title: 'Hello' })).toBe(false);
    expect(validate({ title: 'Hello', author: { name: 'Ada', email: 'not an email' } })).toBe(false);
  });

  it('nests the fields after "each with" under a list, and returns to the top after the nested list’s "and"', () => {
    const { schema, fields } = buildJsonSchema({
      description: 'A team has a name, a list of members, each with a name, a role and an email, and a created_at timestamp.',
    });
    expect(fields).toEqual(['name', 'members', 'created_at']);
    const validate = ajv.compile(schema);
    expect(validate({ name: 'Core', members: [{ name: 'Ada', role: 'dev', email: 'ada@example.com' }], created_at: '2024-01-01T00:00:00Z' })).toBe(true);
    expect(validate({ name: 'Core', members: ['Ada'], created_at: '2024-01-01T00:00:00Z' })).toBe(false);
  });

  it('reads enums written bare, ranges, lengths and a type shared by a run of fields', () => {
    const { schema } = buildJsonSchema({
      description:
        'Item: level (debug, info, warn or error), score (integer between 1 and 10), code (3-letter code), size with width, height and depth (numbers)',
    });
    const validate = ajv.compile(schema);
    expect(validate({ level: 'warn', score: 3, code: 'EUR', size: { width: 1, height: 2, depth: 3 } })).toBe(true);
    expect(validate({ level: 'fatal', score: 3, code: 'EUR', size: { width: 1, height: 2, depth: 3 } })).toBe(false);
    expect(validate({ level: 'warn', score: 11, code: 'EUR', size: { width: 1, height: 2, depth: 3 } })).toBe(false);
    expect(validate({ level: 'warn', score: 3, code: 'EURO', size: { width: 1, height: 2, depth: 3 } })).toBe(false);
    expect(validate({ level: 'warn', score: 3, code: 'EUR', size: { width: 'wide', height: 2, depth: 3 } })).toBe(false);
  });

  it('reads fields from prose', () => {
    const { fields, schema } = buildJsonSchema({ description: 'A user with a name, an age and an email address.' });
    expect(fields).toEqual(['name', 'age', 'email_address']);
    expect((schema.properties as Record<string, { format?: string }>).email_address!.format).toBe('email');
  });
});
