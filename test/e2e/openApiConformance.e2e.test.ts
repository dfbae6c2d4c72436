import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { MODEL_CHOICES } from '../../schema/models';
import { ERROR_CODES } from '../../api/errors/errorCodes';
import { changesState, registry } from '../../schema/registry';
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
const DOCUMENT_ID = 'https://toolgate.test/openapi.json';

beforeAll(async () => {
  service = await startTestService();
  key = await generateKey(service.baseUrl, 'conformance');
  document = await json(fetch(`${service.baseUrl}/openapi.json`));
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
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
