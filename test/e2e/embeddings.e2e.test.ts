import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import OpenAI from 'openai';
import { readStream } from '../../core/eventStore';
import { MAX_EMBEDDING_VALUES } from '../../core/models/embeddingChoice';
import { generateKey, type TestKey } from '../support/accounts';
import { keyCallId } from '../support/callIds';
import { type EmbeddingServer, serverTokens, serverVector, startEmbeddingServer } from '../support/embeddingServer';
import { json } from '../support/json';
import { modelEnv } from '../support/modelEnv';
import { startTestService, type TestService } from '../support/testService';

const cosine = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
};

/** What the OpenAI SDK throws for an error answer, kept for its fields. */
async function apiError(work: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof OpenAI.APIError)) throw new Error(`expected an API error, got ${String(error)}`);
  return error;
}

function client(service: TestService, key: TestKey): OpenAI {
  return new OpenAI({ apiKey: key.key, baseURL: `${service.baseUrl}/v1`, maxRetries: 0 });
}
const balanceOf = async (service: TestService, key: TestKey) =>
  Math.round((await json(fetch(`${service.baseUrl}/auth/status`, { headers: key.auth }))).balance_usd * 1e6);
/** What the call this key made with this request id was charged (the id in the key's account's namespace). */
const charged = async (service: TestService, key: TestKey, requestId: string) => {
  const history = await readStream(service.database.db, `call-${keyCallId(key.keyId, requestId)}`);
  return (history.find((e) => e.type === 'ToolCallCompleted')?.data as { chargedMicros: number } | undefined)?.chargedMicros;
};

describe('/v1/embeddings with no provider configured: the local model', () => {
  let service: TestService;
  let key: TestKey;
  let openai: OpenAI;
  beforeAll(async () => {
    service = await startTestService({ env: modelEnv() });
    key = await generateKey(service.baseUrl);
    openai = client(service, key);
  });
  afterAll(() => service.stop());

  it('answers the official client (auto, base64 as the SDK asks) with 384-dimension vectors that place meanings, billed per token', async () => {
    const before = await balanceOf(service, key);
    const requestId = randomUUID();
    const answer = await openai.embeddings.create(
      { model: 'auto', input: ['dog', 'golden retriever', 'quarterly revenue'] },
      { headers: { 'X-Request-Id': requestId } },
    );
    // WordPiece: dog | golden retriever | quarter ##ly revenue.
    expect(answer).toMatchObject({ object: 'list', model: 'all-MiniLM-L6-v2', usage: { prompt_tokens: 1 + 2 + 3, total_tokens: 6 } });
    const [dog, retriever, revenue] = answer.data.map((d) => d.embedding) as [number[], number[], number[]];
    expect(answer.data.map((d) => [d.index, d.embedding.length])).toEqual([
      [0, 384],
      [1, 384],
      [2, 384],
    ]);
    expect(cosine(dog, retriever)).toBeGreaterThan(cosine(dog, revenue) + 0.2);
    // The local model is listed at 0 per million tokens: the metered minimum (0.0001 USD) is the whole charge.
    expect(await charged(service, key, requestId)).toBe(100);
    expect(await balanceOf(service, key)).toBe(before - 100);
    expect((answer as unknown as { _meta: { pricing: string; cost_usd: number } })._meta).toMatchObject({ pricing: 'metered', cost_usd: 0.0001 });
  });

  it('lists the embedding models in GET /models, the local one as what auto takes here', async () => {
    const models = await json(fetch(`${service.baseUrl}/models`));
    expect(models.embedding_default).toBe('all-MiniLM-L6-v2');
    expect(models.embedding_models).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'all-MiniLM-L6-v2', provider: 'local', dimensions: 384, configured: true, pricing: { input_per_million_usd: 0 } }),
        expect.objectContaining({ id: 'text-embedding-3-small', configured: false, shortenable: true, pricing: { input_per_million_usd: 0.02 } }),
      ]),
    );
  });

  it('gives the same vectors as floats and as base64', async () => {
    const [asFloats, asBase64] = await Promise.all([
      openai.embeddings.create({ model: 'local', input: 'coral reefs', encoding_format: 'float' }),
      fetch(`${service.baseUrl}/v1/embeddings`, {
        method: 'POST',
        headers: { ...key.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'all-MiniLM-L6-v2', input: 'coral reefs', encoding_format: 'base64' }),
      }).then((r) => r.json() as Promise<{ data: { embedding: string }[] }>),
    ]);
    const bytes = Buffer.from(asBase64.data[0]!.embedding, 'base64');
    const decoded = Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readFloatLE(i * 4));
    expect(decoded).toHaveLength(384);
    // Floats are sent in the fewest digits that read back as the same float32.
    expect(asFloats.data[0]!.embedding.map((x) => Math.fround(x))).toEqual(decoded);
  });

  it('refuses what it cannot do in OpenAI’s error shape, before anything is held', async () => {
    const before = await balanceOf(service, key);
    const shorter = await apiError(openai.embeddings.create({ model: 'local', input: 'x', dimensions: 128 }));
    expect([shorter.status, shorter.message]).toEqual([400, expect.stringContaining('cannot shorten them')]);
    expect(shorter.type).toBe('invalid_request_error');
    const unknown = await apiError(openai.embeddings.create({ model: 'text-embedding-9', input: 'x' }));
    expect([unknown.status, unknown.code, unknown.param]).toEqual([400, 'model_not_found', 'model']);
    const unconfigured = await apiError(openai.embeddings.create({ model: 'text-embedding-3-small', input: 'x' }));
    expect([unconfigured.status, unconfigured.message]).toEqual([503, expect.stringContaining('not configured')]);
    expect(JSON.stringify(unconfigured.error)).toContain('OPENAI_API_KEY');
    const empty = await apiError(openai.embeddings.create({ model: 'local', input: '' }));
    expect(empty.status).toBe(400);
    expect(await balanceOf(service, key)).toBe(before);
  });

  it('charges nothing when the call fails in the worker (an input longer than the model reads)', async () => {
    const before = await balanceOf(service, key);
    const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    const refused = await apiError(openai.embeddings.create({ model: 'local', input: ['fine', long] }));
    expect([refused.status, refused.message]).toEqual([400, expect.stringMatching(/input 1 has \d+ tokens; the model reads at most 254/)]);
    expect(await balanceOf(service, key)).toBe(before);
  });

  it('charges the flat price when X-Pricing: flat asks for it', async () => {
    const before = await balanceOf(service, key);
    await openai.embeddings.create({ model: 'auto', input: 'flat' }, { headers: { 'X-Pricing': 'flat' } });
    expect(await balanceOf(service, key)).toBe(before - 1000);
  });

  it('is an MCP tool, billed the same way', async () => {
    const mcp = new Client({ name: 'e2e', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${service.baseUrl}/mcp`), { requestInit: { headers: key.auth } }));
    try {
      const names: string[] = [];
      // tools/list comes a page at a time.
      for (let cursor: string | undefined, first = true; first || cursor; first = false) {
        const page = await mcp.listTools(cursor ? { cursor } : {});
        names.push(...page.tools.map((t) => t.name));
        cursor = page.nextCursor;
      }
      expect(names).toContain('v1_embeddings');
      const before = await balanceOf(service, key);
      const result = (await mcp.callTool({ name: 'v1_embeddings', arguments: { input: ['swim', 'swimming'] } })) as CallToolResult;
      const data = (result.structuredContent as { data: { embedding: number[] }[] }).data;
      expect(data.map((d) => d.embedding.length)).toEqual([384, 384]);
      expect(cosine(data[0]!.embedding, data[1]!.embedding)).toBeGreaterThan(0.6);
      expect(result._meta).toMatchObject({ pricing: 'metered', cost_usd: 0.0001 });
      expect(await balanceOf(service, key)).toBe(before - 100);
    } finally {
      await mcp.close();
    }
  });
});

describe('/v1/embeddings with a configured provider (a loopback server speaking OpenAI’s embeddings format)', () => {
  let upstream: EmbeddingServer;
  let service: TestService;
  let key: TestKey;
  let openai: OpenAI;
  beforeAll(async () => {
    upstream = await startEmbeddingServer();
    service = await startTestService({ env: modelEnv(`${upstream.url}/v1`) });
    key = await generateKey(service.baseUrl);
    openai = client(service, key);
  });
  afterAll(async () => {
    await service.stop();
    await upstream.close();
  });

  it('says in GET /models that auto now takes the provider’s model', async () => {
    expect((await json(fetch(`${service.baseUrl}/models`))).embedding_default).toBe('text-embedding-3-small');
  });

  it("auto takes the provider's model and passes its vectors and usage on", async () => {
    const answer = await openai.embeddings.create({ model: 'auto', input: ['rising sea temperatures', 'ocean warming'], encoding_format: 'float' });
    expect(answer).toMatchObject({ model: 'text-embedding-3-small', usage: { prompt_tokens: 5, total_tokens: 5 } });
    const expected = serverVector('text-embedding-3-small', 'ocean warming', 1536);
    expect(cosine(answer.data[1]!.embedding, expected)).toBeCloseTo(1, 6);
    expect(upstream.received.at(-1)).toMatchObject({ authorization: 'Bearer sk-test', body: { model: 'text-embedding-3-small' } });
  });

  it('bills the tokens at the model’s price plus the markup, to the micro-dollar, with Matryoshka dimensions', async () => {
    const text = Array.from({ length: 1000 }, () => 'meaning').join(' ');
    const tokens = 2 * serverTokens(text);
    const before = await balanceOf(service, key);
    const requestId = randomUUID();
    const answer = await openai.embeddings.create(
      { model: 'text-embedding-3-large', input: [text, text], dimensions: 256 },
      { headers: { 'X-Request-Id': requestId } },
    );
    expect(answer.data.map((d) => d.embedding.length)).toEqual([256, 256]);
    expect(upstream.received.at(-1)!.body.dimensions).toBe(256);
    // 2,000 tokens at 0.13 USD a million = 260 micro-USD, plus 20 % = 312.
    expect(tokens).toBe(2000);
    expect(await charged(service, key, requestId)).toBe(312);
    expect(await balanceOf(service, key)).toBe(before - 312);
  });

  it('answers as many vectors as one workflow result carries, and refuses one more with a 400 saying how many fit', async () => {
    const fits = Math.floor(MAX_EMBEDDING_VALUES / 1536);
    const texts = Array.from({ length: fits + 1 }, (_, i) => `text number ${i}`);
    const answer = await openai.embeddings.create({ model: 'text-embedding-3-small', input: texts.slice(0, fits), encoding_format: 'float' });
    expect(answer.data).toHaveLength(fits);
    expect(cosine(answer.data[fits - 1]!.embedding, serverVector('text-embedding-3-small', texts[fits - 1]!, 1536))).toBeCloseTo(1, 6);
    const refused = await apiError(openai.embeddings.create({ model: 'text-embedding-3-small', input: texts }));
    expect([refused.status, JSON.stringify(refused.error)]).toEqual([400, expect.stringContaining(`at most ${fits} inputs`)]);
  });

  it('charges nothing when the provider refuses the request', async () => {
    const before = await balanceOf(service, key);
    upstream.failNext(400, 'this input is not allowed');
    const refused = await apiError(openai.embeddings.create({ model: 'text-embedding-3-small', input: 'x' }));
    expect([refused.status, refused.message]).toEqual([503, expect.stringContaining('this input is not allowed')]);
    expect(await balanceOf(service, key)).toBe(before);
  });
});
