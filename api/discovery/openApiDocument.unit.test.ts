import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { compileToolInput } from '../../core/validation/checkToolInput';
import { loadConfig } from '../../core/config/loadConfig';
import { STORED_FILE_TYPES } from '../../schema/files/fileTools';
import { registry, takesBody } from '../../schema/registry';
import type { JsonSchema, ToolEntry } from '../../schema/registry/types';
import { pathParamsIn } from '../middleware/validate';
import { docsAnchor } from './docsPage';
import { openApiDocument, openApiPath } from './openApiDocument';

const config = loadConfig({ APP_ENV: 'test', PUBLIC_BASE_URL: 'http://api.test' });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const document = openApiDocument(config) as any;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));

const operationOf = (entry: ToolEntry) => document.paths[openApiPath(entry.path)][entry.method.toLowerCase()];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const bodySchemaOf = (entry: ToolEntry): any => operationOf(entry).requestBody.content['application/json'].schema;
// Uploads are read as files (multipart or base64) before any schema; the others are checked as JSON.
const bodies = registry.filter((e) => takesBody(e) && e.body !== 'file' && pathParamsIn(e).length === 0);

describe('request bodies in the OpenAPI document', () => {
  it('lists every field, aliases too, in one object a reference shows whole: no choice at the top, the rules beside it in allOf', () => {
    expect(bodies.length).toBeGreaterThan(90);
    for (const entry of bodies) {
      const schema = bodySchemaOf(entry);
      const [fields, ...rules] = (schema.allOf as JsonSchema[] | undefined) ?? [schema];
      const names = [...Object.keys(entry.input.properties ?? {}), ...Object.keys(entry.aliases ?? {})];
      expect([entry.name, Object.keys(schema).filter((k) => ['anyOf', 'oneOf', 'not', 'properties'].includes(k) && schema.allOf)]).toEqual([entry.name, []]);
      expect([entry.name, fields!.type, Object.keys(fields!.properties as object).sort()]).toEqual([entry.name, 'object', names.sort()]);
      expect([entry.name, rules.filter((rule) => 'properties' in rule)]).toEqual([entry.name, []]);
    }
  });

  it('accepts what the endpoint accepts: a required field under any of its names, and nothing the endpoint refuses for want of one', () => {
    let aliasOnly = 0;
    for (const entry of bodies.filter((e) => e.example)) {
      const documented = ajv.compile(bodySchemaOf(entry));
      const endpoint = compileToolInput(entry, 'body');
      const verdicts = (input: Record<string, unknown>) => [entry.name, input, endpoint(input).ok, documented(input)];
      const example = { ...entry.example };
      expect(verdicts(example)).toEqual([entry.name, example, true, true]);
      expect(verdicts({})).toEqual([entry.name, {}, endpoint({}).ok, endpoint({}).ok]);
      for (const [alias, canonical] of Object.entries(entry.aliases ?? {})) {
        if (!(canonical in example)) continue;
        const { [canonical]: value, ...others } = example;
        const renamed = { ...others, [alias]: value };
        expect(verdicts(renamed)).toEqual([entry.name, renamed, true, true]);
        aliasOnly++;
      }
    }
    expect(aliasOnly).toBeGreaterThan(100);
  });

  it('says in words which of the alternative fields to give', () => {
    const qa = registry.find((e) => e.name === 'qa')!;
    expect(operationOf(qa).requestBody.description).toBe('Give at least one of `text` or `documents`.');
    expect(bodySchemaOf(qa).allOf[0].properties.question.description).toContain('Required, under this name or as `query`.');
    expect(bodySchemaOf(qa).allOf[0].properties.query.description).toBe('Alias of `question`.');
    const extract = registry.find((e) => e.name === 'extract')!;
    expect(operationOf(extract).requestBody.description).toBe('Give exactly one of `text` or `url`.');
  });
});

describe('what the document says a request needs is what the endpoint needs', () => {
  // Query strings are text: the document's schemas are read as a client's validator reads a query (coerced).
  const queries = addFormats(new Ajv2020({ strict: false, allErrors: true, coerceTypes: true }));
  /** The query schema a client or fuzzer reads from the operation: one object parameter (form, exploded), or a parameter per field. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const querySchemaOf = (entry: ToolEntry): any => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const inQuery = ((operationOf(entry).parameters ?? []) as any[]).filter((p) => p.in === 'query');
    const whole = inQuery.find((p) => p.style === 'form' && p.explode && p.schema.type === 'object');
    if (whole) return whole.schema;
    return {
      type: 'object',
      properties: Object.fromEntries(inQuery.map((p) => [p.name, p.schema])),
      required: inQuery.filter((p) => p.required).map((p) => p.name),
    };
  };
  const text = (input: Record<string, unknown>) => Object.fromEntries(Object.entries(input).map(([name, value]) => [name, String(value)]));
  const gets = registry.filter((e) => e.method === 'GET' && pathParamsIn(e).length === 0);

  it("a GET's query: required when the endpoint refuses none, a required field under any of its names, the input's alternatives", () => {
    let ruled = 0;
    for (const entry of gets) {
      const documented = queries.compile(querySchemaOf(entry));
      const endpoint = compileToolInput(entry, 'query');
      const verdicts = (input: Record<string, string>) => [entry.name, input, endpoint(input).ok, documented({ ...input })];
      expect(verdicts({})).toEqual([entry.name, {}, endpoint({}).ok, endpoint({}).ok]);
      if (!entry.example) continue;
      const example = text(entry.example);
      expect(verdicts(example)).toEqual([entry.name, example, true, true]);
      for (const [alias, canonical] of Object.entries(entry.aliases ?? {})) {
        if (!(canonical in example)) continue;
        const { [canonical]: value, ...others } = example;
        const renamed = { ...others, [alias]: value! };
        expect(verdicts(renamed)).toEqual([entry.name, renamed, true, true]);
      }
      if (!endpoint({}).ok) ruled++;
    }
    // /data/country and its like (a field under any of its names), /data/weather (`city`, or `latitude` with `longitude`).
    expect(ruled).toBeGreaterThan(10);
    const weather = querySchemaOf(registry.find((e) => e.name === 'data/weather')!);
    expect([queries.validate(weather, { latitude: '48.85' }), queries.validate(weather, { lat: '48.85', lon: '2.35' })]).toEqual([false, true]);
  });

  it('a request body is required where the endpoint refuses an empty one (the alternatives of /chat, /analyze)', () => {
    for (const entry of bodies) {
      const endpoint = compileToolInput(entry, 'body');
      expect([entry.name, operationOf(entry).requestBody.required]).toEqual([entry.name, !endpoint({}).ok]);
    }
    expect(operationOf(registry.find((e) => e.name === 'chat')!).requestBody.required).toBe(true);
  });

  it('a path parameter has the schema of its input field: a value the endpoint refuses (400) is one the document refuses', () => {
    let declared = 0;
    for (const entry of registry) {
      const fields = (entry.input.properties ?? {}) as Record<string, JsonSchema>;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const inPath = ((operationOf(entry).parameters ?? []) as any[]).filter((p) => p.in === 'path');
      for (const parameter of inPath) {
        const { description, ...schema } = fields[parameter.name] ?? { type: 'string' };
        const expected = pathParamsIn(entry).includes(parameter.name) ? schema : { type: 'string' };
        expect([entry.name, parameter.name, parameter.schema, parameter.description]).toEqual([entry.name, parameter.name, expected, description]);
        if (pathParamsIn(entry).includes(parameter.name)) declared++;
      }
    }
    expect(declared).toBeGreaterThan(10);
    const file = operationOf(registry.find((e) => e.name === 'files/get')!).parameters.find((p: { in: string }) => p.in === 'path');
    expect(ajv.validate(file.schema, '0')).toBe(false);
  });

  it('an upload as JSON needs its bytes, under content_base64 or an alias', () => {
    const upload = registry.find((e) => e.name === 'files/upload')!;
    const documented = ajv.compile(operationOf(upload).requestBody.content['application/json'].schema);
    expect([documented({ filename: 'a.txt' }), documented({ content_base64: 'aGk=' }), documented({ data: 'aGk=' }), documented({ content: 'aGk=' })]).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });
});

describe('operations in the OpenAPI document', () => {
  it('are named by their short title (what a reader scans for) and described by their sentence', () => {
    for (const entry of registry)
      expect([entry.name, operationOf(entry).summary, operationOf(entry).description]).toEqual([entry.name, entry.title, entry.summary]);
    expect(operationOf(registry.find((e) => e.name === 'free/uuid')!).summary).toBe('Random UUIDs');
    // A name read out ('V1 embeddings', 'Openapi.json') is no title: every entry names itself in words.
    expect(registry.filter((e) => /^V1\b|\.json\b/.test(e.title)).map((e) => [e.name, e.title])).toEqual([]);
  });

  it("are found in /docs at Scalar's anchor: the tag, the method and the path, braces escaped", () => {
    const events = registry.find((e) => e.name === 'webhooks/events')!;
    expect(docsAnchor(events)).toBe('tag/agents/GET/webhooks/%7Bid%7D/events');
    // Scalar slugs tag names; the registry's categories are slugs already, so the anchor is the category itself.
    for (const tag of document.tags as { name: string }[]) expect(tag.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('document each media type an operation answers: GET /buy-credits is a page without an amount and JSON once paid', () => {
    const buy = registry.find((e) => e.name === 'buy-credits')!;
    const content = operationOf(buy).responses[200].content;
    expect(Object.keys(content).sort()).toEqual(['application/json', 'text/html']);
    expect(content['application/json'].schema.required).toEqual(expect.arrayContaining(['key', 'balance_usd']));
    // With ?amount_usd= it asks for the payment.
    expect(Object.keys(operationOf(buy).responses)).toContain('402');
  });

  it('document every media type a stored file is served with (GET /files/{file_id}), JSON as whatever it holds', () => {
    const get = registry.find((e) => e.name === 'files/get')!;
    const content = operationOf(get).responses[200].content;
    expect(Object.keys(content)).toEqual([...STORED_FILE_TYPES]);
    expect(Object.keys(content)).toEqual(expect.arrayContaining(['text/plain', 'text/html', 'application/json', 'image/png', 'application/octet-stream']));
    expect(content['image/png'].schema).toEqual({ type: 'string', contentMediaType: 'image/png' });
    expect(ajv.validate(content['application/json'].schema, { any: ['json'] })).toBe(true);
  });

  it("document the 402 a GET of one's own data answers a caller without credentials (sign-in-with-x)", () => {
    const owned = registry.filter((e) => e.method === 'GET' && (e.access === 'identity' || e.access === 'session'));
    expect(owned.length).toBeGreaterThan(0);
    for (const entry of owned) expect([entry.name, Object.keys(operationOf(entry).responses)]).toEqual([entry.name, expect.arrayContaining(['401', '402'])]);
  });
});
