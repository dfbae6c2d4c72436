import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { MODEL_CHOICES } from '../../schema/models';
import { ERROR_CODES } from '../../api/errors/errorCodes';
import { changesState, registry } from '../../schema/registry';
import { FacilitatorUnavailable, paymentTerms } from '../../core/x402';
import type { X402Runtime } from '../../core/x402/x402Runtime';
import { closedPort } from '../support/brokenServers';
import { generateKey, type TestKey } from '../support/accounts';
import { json } from '../support/json';
import { startTestService, type TestService } from '../support/testService';

/** Issue 16, finding 6: what the service answers must match what /openapi.json says it answers. */
let service: TestService;
let key: TestKey;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let document: any;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
// A query is text: its values are read as a client's validator reads them (coerced to the schema's types).
const queryAjv = addFormats(new Ajv2020({ strict: false, allErrors: true, coerceTypes: true }));
const DOCUMENT_ID = 'https://toolgate.test/openapi.json';

beforeAll(async () => {
  service = await startTestService();
  key = await generateKey(service.baseUrl, 'conformance');
  document = await json(fetch(`${service.baseUrl}/openapi.json`));
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  queryAjv.addSchema({ ...document, $id: DOCUMENT_ID });
});
afterAll(() => service.stop());

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The problems of a response against the schema the document gives for its operation and status. */
async function violations(method: string, path: string, response: Response): Promise<string[]> {
  const operation = document.paths[path]?.[method.toLowerCase()];
  if (!operation) return [`${method} ${path} is not in the document`];
  let declared = operation.responses[String(response.status)];
  if (!declared) return [`${method} ${path} answered ${response.status}, which the document does not declare`];
  if (declared.$ref) declared = document.components.responses[declared.$ref.split('/').pop()];
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!;
  if (!declared.content?.[type]) return [`${method} ${path} ${response.status}: content type ${type} is not declared`];
  if (type !== 'application/json') return [];
  const ref = declared.content[type].schema.$ref
    ? `${DOCUMENT_ID}${declared.content[type].schema.$ref}`
    : `${DOCUMENT_ID}#/${pointer('paths', path, method.toLowerCase(), 'responses', String(response.status), 'content', type, 'schema')}`;
  const validate = ajv.getSchema(ref)!;
  return validate(await response.json()) ? [] : (validate.errors ?? []).map((e) => `${method} ${path} ${response.status}${e.instancePath} ${e.message}`);
}

interface Request {
  readonly path?: Record<string, string>;
  readonly query?: Record<string, string>;
  readonly body?: unknown;
}

/**
 * The problems of a request against what the document says its operation takes, read as a client or a fuzzer reads
 * it: each path parameter's schema; the query as a parameter per field, or as one object parameter (form style,
 * exploded: its fields are the query's parameters) with its rules; the body, and whether one is required.
 */
function requestViolations(method: string, path: string, request: Request): string[] {
  const operation = document.paths[path]?.[method.toLowerCase()];
  if (!operation) return [`${method} ${path} is not in the document`];
  const at = (...parts: string[]) => `${DOCUMENT_ID}#/${pointer('paths', path, method.toLowerCase(), ...parts)}`;
  const problems: string[] = [];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const parameters = ((operation.parameters ?? []) as any[]).map((parameter, index) => ({ parameter, schema: at('parameters', String(index), 'schema') }));
  for (const { parameter, schema } of parameters.filter((p) => p.parameter.in === 'path')) {
    const validate = ajv.getSchema(schema)!;
    if (!validate(request.path?.[parameter.name])) problems.push(`path parameter ${parameter.name}: ${ajv.errorsText(validate.errors)}`);
  }
  const inQuery = parameters.filter((p) => p.parameter.in === 'query');
  const whole = inQuery.find((p) => p.parameter.style === 'form' && p.parameter.explode && p.parameter.schema?.type === 'object');
  const query = { ...request.query };
  if (whole && Object.keys(query).length === 0) {
    // An empty object is no parameter at all on the wire.
    if (whole.parameter.required) problems.push(`query: the document requires ${whole.parameter.name}`);
  } else {
    const schema = whole
      ? { $ref: whole.schema }
      : {
          type: 'object',
          properties: Object.fromEntries(inQuery.map((p) => [p.parameter.name, { $ref: p.schema }])),
          required: inQuery.filter((p) => p.parameter.required).map((p) => p.parameter.name),
        };
    const validate = queryAjv.compile(schema);
    if (!validate(query)) problems.push(`query: ${queryAjv.errorsText(validate.errors)}`);
  }
  if (operation.requestBody && request.body === undefined && operation.requestBody.required) problems.push('the document requires a body');
  if (operation.requestBody && request.body !== undefined) {
    const validate = ajv.getSchema(at('requestBody', 'content', 'application/json', 'schema'))!;
    if (!validate(request.body)) problems.push(`body: ${ajv.errorsText(validate.errors)}`);
  }
  return problems;
}

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${service.baseUrl}${path}`, { headers });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('responses match the OpenAPI document', () => {
  it('a paid tool 200, with its _meta', async () => {
    const response = await post('/sentiment', { text: 'Lovely.' }, key.auth);
    expect(response.status).toBe(200);
    expect(await violations('POST', '/sentiment', response)).toEqual([]);
  });

  it('a chain 200 (an output with alternatives), with its _meta', async () => {
    const response = await post('/chain', { steps: [{ action: 'sentiment', params: { text: 'Fine.' } }] }, key.auth);
    expect(response.status).toBe(200);
    expect(await violations('POST', '/chain', response)).toEqual([]);
  });

  it.each([['/'], ['/status'], ['/auth/status'], ['/free-tier/status'], ['/free/time?tz=Europe/Paris'], ['/free/hash?text=a'], ['/api/usage']])(
    'GET %s',
    async (path) => {
      const response = await get(path, key.auth);
      expect(response.status).toBe(200);
      expect(await violations('GET', path.split('?')[0]!, response)).toEqual([]);
    },
  );

  it("GET /api/usage?wallet= (a wallet's x402 spend)", async () => {
    const response = await get('/api/usage?wallet=0x0000000000000000000000000000000000000001');
    expect(response.status).toBe(200);
    expect(await violations('GET', '/api/usage', response)).toEqual([]);
  });

  it('POST /auth/generate-key', async () => {
    const response = await post('/auth/generate-key', { label: 'shape' });
    expect(await violations('POST', '/auth/generate-key', response)).toEqual([]);
  });

  it('POST /proofread over text with no words answers numbers, not null', async () => {
    const response = await post('/proofread', { text: '_' }, key.auth);
    expect(response.status).toBe(200);
    expect(await violations('POST', '/proofread', response)).toEqual([]);
  });

  it.each([
    ['GET', '/async/status/{job_id}', () => get('/async/status/job_nothing', key.auth)],
    ['DELETE', '/webhooks/{id}', () => fetch(`${service.baseUrl}/webhooks/wh_nothing`, { method: 'DELETE', headers: key.auth })],
    ['GET', '/webhooks/{id}/events', () => get('/webhooks/rly_nothing/events', key.auth)],
    ['POST', '/webhooks/{id}/receive', () => post('/webhooks/rly_nothing/receive', { a: 1 })],
    ['POST', '/webhooks/test-event', () => post('/webhooks/test-event', { webhook_id: 'wh_nothing' }, key.auth)],
    ['POST', '/auth/topup', () => post('/auth/topup', { key: `apk_${'A'.repeat(43)}`, amount_usd: 1 }, { 'X-Admin-Token': service.config.adminToken })],
    ['POST', '/catalog/{id}/invoke', () => post('/catalog/nothing.test/invoke', {}, key.auth)],
    ['POST', '/api-call', () => post('/api-call', { api_id: 'nothing.test' }, key.auth)],
  ])('a 404 from %s %s is declared', async (method, path, send) => {
    const response = await send();
    expect(response.status).toBe(404);
    expect(await violations(method, path, response)).toEqual([]);
  });

  it("a 402 from POST /auth/topup (a key holder's own top-up, the amount asked) and its security", async () => {
    const response = await post('/auth/topup', { amount_usd: 5 }, key.auth);
    expect(response.status).toBe(402);
    expect(await violations('POST', '/auth/topup', response)).toEqual([]);
    // The key says whose balance, an x402 payment pays; or the operator token alone.
    expect(document.paths['/auth/topup'].post.security).toEqual(
      expect.arrayContaining([{ bearerKey: [], x402V2: [] }, { apiKeyHeader: [], x402V1: [] }, { operatorToken: [] }]),
    );
    expect(document.paths['/auth/topup'].post.security).not.toContainEqual({ x402V2: [] });
  });

  it.each([
    ["OpenAI's", {}],
    ["Anthropic's", { 'anthropic-version': '2023-06-01' }],
  ])('GET /v1/models and a 404 from /v1/models/{model}, in %s format', async (_vendor, headers) => {
    const list = await get('/v1/models', headers);
    expect(list.status).toBe(200);
    expect(await violations('GET', '/v1/models', list)).toEqual([]);
    const missing = await get('/v1/models/gpt-4o', headers);
    expect(missing.status).toBe(404);
    expect(await violations('GET', '/v1/models/{model}', missing)).toEqual([]);
  });

  it('a 502 for a page that cannot be reached, and a 503 for a model nobody configured, are declared', async () => {
    const unreachable = await post('/scrape', { url: `http://127.0.0.1:${await closedPort()}/` }, key.auth);
    expect(unreachable.status).toBe(502);
    expect(await violations('POST', '/scrape', unreachable)).toEqual([]);
    const unconfigured = await post('/translate', { text: 'Hallo', language: 'English', model: 'claude-sonnet-4-6' }, key.auth);
    expect(unconfigured.status).toBe(503);
    expect(await violations('POST', '/translate', unconfigured)).toEqual([]);
  });

  it('a 413 and a 409 on a paid POST are declared', async () => {
    const large = await post('/sentiment', { text: 'x'.repeat(service.config.maxBodyBytes) }, key.auth);
    expect(large.status).toBe(413);
    expect(await violations('POST', '/sentiment', large)).toEqual([]);
    const id = `conformance-${Date.now()}`;
    await post('/sentiment', { text: 'one' }, { ...key.auth, 'X-Request-Id': id });
    const conflict = await post('/sentiment', { text: 'two' }, { ...key.auth, 'X-Request-Id': id });
    expect(conflict.status).toBe(409);
    expect(await violations('POST', '/sentiment', conflict)).toEqual([]);
  });

  it('a replayed answer and a reused key on a DELETE are declared, with the idempotency headers', async () => {
    const hook = await json(post('/webhooks/register', { url: 'http://127.0.0.1:9/conformance' }, key.auth));
    const headers = { ...key.auth, 'Idempotency-Key': `conformance-delete-${Date.now()}` };
    const remove = (id: string) => fetch(`${service.baseUrl}/webhooks/${id}`, { method: 'DELETE', headers });
    await remove(hook.id);
    const replayed = await remove(hook.id);
    expect([replayed.status, replayed.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(await violations('DELETE', '/webhooks/{id}', replayed)).toEqual([]);
    const reused = await remove('wh_other');
    expect(reused.status).toBe(409);
    expect(await violations('DELETE', '/webhooks/{id}', reused)).toEqual([]);
    const operation = document.paths['/webhooks/{id}'].delete;
    expect(operation.parameters).toEqual(expect.arrayContaining([{ $ref: '#/components/parameters/Idempotency-Key' }]));
    expect(operation.responses['200'].headers).toHaveProperty('Idempotent-Replayed');
  });
});

describe('requests match the OpenAPI document: what it says a request needs is what the service needs', () => {
  it('GET /data/country needs a country, under its name or an alias: an empty query is refused by both', async () => {
    const none = await get('/data/country', key.auth);
    expect(none.status).toBe(400);
    expect(await violations('GET', '/data/country', none)).toEqual([]);
    expect(requestViolations('GET', '/data/country', { query: {} })).toEqual(['query: the document requires query_string']);
    for (const query of [{ country: 'FR' }, { name: 'France' }, { code: 'FRA' }] as Record<string, string>[]) {
      const response = await get(`/data/country?${new URLSearchParams(query)}`, key.auth);
      expect([query, response.status]).toEqual([query, 200]);
      expect(await violations('GET', '/data/country', response)).toEqual([]);
      expect(requestViolations('GET', '/data/country', { query })).toEqual([]);
    }
  });

  it('GET /data/weather needs `city`, or `latitude` with `longitude`: what the service refuses, the document refuses', async () => {
    for (const query of [{}, { latitude: '48.85' }, { units: 'metric' }] as Record<string, string>[]) {
      const response = await get(`/data/weather?${new URLSearchParams(query)}`, key.auth);
      expect([query, response.status]).toEqual([query, 400]);
      expect([query, requestViolations('GET', '/data/weather', { query })]).toEqual([query, [expect.any(String)]]);
    }
    for (const query of [{ city: 'Paris' }, { lat: '48.85', lon: '2.35' }, { q: 'Paris', units: 'imperial' }] as Record<string, string>[])
      expect([query, requestViolations('GET', '/data/weather', { query })]).toEqual([query, []]);
  });

  it('POST /chat without a body is refused, and the document requires one (`messages` or `message`)', async () => {
    const response = await fetch(`${service.baseUrl}/chat`, { method: 'POST', headers: key.auth });
    expect(response.status).toBe(400);
    expect(await violations('POST', '/chat', response)).toEqual([]);
    expect(requestViolations('POST', '/chat', {})).toEqual(['the document requires a body']);
    expect(requestViolations('POST', '/chat', { body: {} })).toEqual([expect.stringMatching(/^body: /)]);
    expect(requestViolations('POST', '/chat', { body: { message: 'Hi' } })).toEqual([]);
  });

  it('PATCH /auth/keys/{key_id} with nothing to change is refused, and the document asks for at least one setting', async () => {
    const request = (body: unknown) =>
      fetch(`${service.baseUrl}/auth/keys/${key.keyId}`, {
        method: 'PATCH',
        headers: { ...key.auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const nothing = await request({});
    expect(nothing.status).toBe(400);
    expect(await violations('PATCH', '/auth/keys/{key_id}', nothing)).toEqual([]);
    expect(requestViolations('PATCH', '/auth/keys/{key_id}', { path: { key_id: key.keyId }, body: {} })).toEqual([expect.stringMatching(/^body: /)]);
    const renamed = await request({ label: 'conformance' });
    expect(renamed.status).toBe(200);
    expect(await violations('PATCH', '/auth/keys/{key_id}', renamed)).toEqual([]);
    expect(requestViolations('PATCH', '/auth/keys/{key_id}', { path: { key_id: key.keyId }, body: { label: 'conformance' } })).toEqual([]);
  });

  it('a path parameter the service refuses as malformed (400) is one the document refuses; a well-formed unknown one is a 404', async () => {
    const malformed = await fetch(`${service.baseUrl}/files/0`, { method: 'DELETE', headers: key.auth });
    expect(malformed.status).toBe(400);
    expect(requestViolations('DELETE', '/files/{file_id}', { path: { file_id: '0' } })).toEqual([expect.stringMatching(/^path parameter file_id: /)]);
    const unknown = `fil_${'0'.repeat(20)}`;
    const missing = await fetch(`${service.baseUrl}/files/${unknown}`, { method: 'DELETE', headers: key.auth });
    expect(missing.status).toBe(404);
    expect(await violations('DELETE', '/files/{file_id}', missing)).toEqual([]);
    expect(requestViolations('DELETE', '/files/{file_id}', { path: { file_id: unknown } })).toEqual([]);
    expect(requestViolations('PATCH', '/auth/keys/{key_id}', { path: { key_id: 'not-hex' }, body: { label: 'x' } })).toEqual([
      expect.stringMatching(/^path parameter key_id: /),
    ]);
  });

  it.each([
    ['GET', '/files/upload', 'POST'],
    ['DELETE', '/files/upload', 'POST'],
    ['DELETE', '/webhooks/create', 'POST'],
  ])('%s %s is no operation of the document (a path of its own, not an id): 405, allowing %s', async (method, path, allowed) => {
    const response = await fetch(`${service.baseUrl}${path}`, { method, headers: key.auth });
    expect([response.status, response.headers.get('allow')]).toEqual([405, allowed]);
    expect(Object.keys(document.paths[path])).toEqual([allowed.toLowerCase()]);
    expect(await violations(allowed, path, response)).toEqual([]);
  });

  it('POST /files/upload as JSON takes the bytes under content_base64 or the aliases the document lists, and needs them', async () => {
    for (const name of ['content_base64', 'data', 'content']) {
      const body = { [name]: Buffer.from(`stored as ${name}\n`).toString('base64'), filename: `${name}.txt` };
      const response = await post('/files/upload', body, key.auth);
      expect([name, response.status]).toEqual([name, 200]);
      expect(await violations('POST', '/files/upload', response)).toEqual([]);
      expect(requestViolations('POST', '/files/upload', { body })).toEqual([]);
    }
    const none = await post('/files/upload', { filename: 'empty.txt' }, key.auth);
    expect(none.status).toBe(400);
    expect(requestViolations('POST', '/files/upload', { body: { filename: 'empty.txt' } })).toEqual([expect.stringMatching(/^body: /)]);
  });
});

describe('GET /files/{file_id} answers in the media types the document lists', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  it.each([
    ['a text file', Buffer.from('hello, world\n'), 'text/plain'],
    ['a JSON file', Buffer.from('{"any": ["json"]}'), 'application/json'],
    ['an HTML page', Buffer.from('<!doctype html><p>hi</p>'), 'text/html'],
    ['a PNG', png, 'image/png'],
    ['bytes of no known type', Buffer.from([0x00, 0x01, 0x02, 0xff]), 'application/octet-stream'],
  ])('%s', async (_name, bytes, type) => {
    const stored = await json(post('/files/upload', { content_base64: bytes.toString('base64') }, key.auth));
    const response = await get(`/files/${stored.file_id}`, key.auth);
    expect(response.status).toBe(200);
    expect((response.headers.get('content-type') ?? '').split(';')[0]).toBe(type);
    expect(await violations('GET', '/files/{file_id}', response)).toEqual([]);
    // Through its signed URL, without credentials, the same.
    const signed = await fetch(stored.signed_url.replace(service.config.publicBaseUrl, service.baseUrl));
    expect(await violations('GET', '/files/{file_id}', signed)).toEqual([]);
  });
});

describe('the x402 discovery documents, where x402 is taken', () => {
  let paying: TestService;
  beforeAll(async () => {
    const refused = async (): Promise<never> => {
      throw new FacilitatorUnavailable('no facilitator in this test');
    };
    const x402: X402Runtime = {
      terms: paymentTerms({
        network: 'eip155:8453',
        asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
        assetName: 'USD Coin',
        assetVersion: '2',
        payTo: '0x0000000000000000000000000000000000000001',
        maxTimeoutSeconds: 60,
      }),
      facilitator: { verify: refused, settle: refused, supported: async () => ({ kinds: [], extensions: [], signers: {} }) },
      rpcUrl: null,
    };
    paying = await startTestService({ x402 });
  });
  afterAll(() => paying?.stop());

  it.each([['/.well-known/x402.json'], ['/discovery/resources'], ['/discovery/resources?type=mcp&limit=2']])('GET %s', async (path) => {
    const response = await fetch(`${paying.baseUrl}${path}`);
    expect(response.status).toBe(200);
    expect(await violations('GET', path.split('?')[0]!, response)).toEqual([]);
  });

  it('/.well-known/x402.json names the service, its origin and the paged list', async () => {
    const listed = await json(fetch(`${paying.baseUrl}/.well-known/x402.json`));
    expect(listed).toMatchObject({
      serviceName: 'toolgate',
      origin: paying.config.publicBaseUrl,
      discovery: `${paying.config.publicBaseUrl}/discovery/resources`,
    });
    expect(listed.items.length).toBeGreaterThan(50);
  });
});

describe('the document', () => {
  it('declares 401 and 431 on every operation, 413 and 415 on every POST, 409 wherever a call changes state, 404 wherever a path names a resource', () => {
    for (const entry of registry) {
      const path = entry.path.replace(/:(\w+)/g, '{$1}');
      const statuses = Object.keys(document.paths[path][entry.method.toLowerCase()].responses);
      expect(statuses).toEqual(expect.arrayContaining(['401', '431']));
      if (entry.method === 'POST') expect(statuses).toEqual(expect.arrayContaining(['409', '413', '415']));
      if (path.includes('{')) expect(statuses).toContain('404');
      if (changesState(entry)) expect(statuses).toContain('409');
    }
  });

  it('lists every machine-readable error code with what it means, and every error body of its own shape requires one', () => {
    const codes = document.components.schemas.ErrorCode;
    expect(codes.enum).toEqual(Object.keys(ERROR_CODES));
    expect(codes['x-enum-descriptions']).toEqual(Object.values(ERROR_CODES));
    for (const code of codes.enum as string[]) expect(codes.description).toContain(`\`${code}\``);
    // The vendors' shapes keep the vendor's fields (api/wire/); every other body with an `error` is the service's own.
    const own = Object.entries(document.components.schemas as Record<string, { properties?: Record<string, unknown>; required?: string[] }>).filter(
      ([name, schema]) => schema.properties?.error && name !== 'OpenAIError' && name !== 'AnthropicError',
    );
    expect(own.length).toBeGreaterThan(10);
    for (const [name, schema] of own) expect([name, schema.required]).toEqual([name, expect.arrayContaining(['error', 'code'])]);
    for (const branch of document.components.schemas.ServiceUnavailable.anyOf) expect(branch.required).toContain('code');
  });

  it('lists the models a `model` field accepts', () => {
    const model = document.paths['/summarize'].post.requestBody.content['application/json'].schema.allOf[0].properties.model;
    expect(model.enum).toEqual([...MODEL_CHOICES]);
  });
});
