import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import reference from '../../test/fixtures/allMiniLmL6V2Reference.json';
import { serverTokens, serverVector, startEmbeddingServer, type EmbeddingServer } from '../../test/support/embeddingServer';
import { CallErrors } from '../../schema/calls';
import { loadConfig } from '../../core/config/loadConfig';
import { localEmbeddingModelPath } from '../../schema/models';
import { createEmbedder, createLocalEmbeddingModel, type Embedder } from '.';

const cosine = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
};
const norm = (v: ArrayLike<number>) => Math.sqrt(cosine(v, v));

async function failureOf(work: Promise<unknown>): Promise<ApplicationFailure> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApplicationFailure)) throw new Error(`expected an ApplicationFailure, got ${String(error)}`);
  return error;
}

describe('the local model (all-MiniLM-L6-v2 as GGUF, in node-llama-cpp)', () => {
  let embedder: Embedder;
  beforeAll(() => {
    embedder = createEmbedder(loadConfig({ ...process.env, APP_ENV: 'test' }));
  });
  afterAll(() => embedder.close());

  it('serves auto when no provider is configured, with unit vectors of 384 dimensions and the tokens it read', async () => {
    const result = await embedder.embed({ inputs: ['A man is eating food.', 'hello'] });
    expect(result).toMatchObject({ model: 'all-MiniLM-L6-v2', dimensions: 384, tokens: 6 + 1 });
    expect(result.vectors.map((v) => v.length)).toEqual([384, 384]);
    for (const v of result.vectors) expect(norm(v)).toBeCloseTo(1, 5);
  });

  it('gives the vectors sentence-transformers computes from the same weights (cosine ≥ 0.999)', async () => {
    const { vectors } = await embedder.embed({ model: 'local', inputs: reference.references.map((r) => r.text) });
    reference.references.forEach((r, i) => expect(cosine(vectors[i]!, r.vector)).toBeGreaterThanOrEqual(0.999));
    // The same tokens as its tokenizer, given as token arrays ([CLS] and [SEP] are added by the model).
    const byTokens = await embedder.embed({ model: 'local', inputs: reference.references.map((r) => r.tokenIds.slice(1, -1)) });
    byTokens.vectors.forEach((v, i) => expect(cosine(v, vectors[i]!)).toBeCloseTo(1, 5));
  });

  it('places related meanings closer than unrelated ones', async () => {
    const [dog, retriever, revenue, eating, bread, stocks] = (
      await embedder.embed({
        inputs: ['dog', 'golden retriever', 'revenue', 'A man is eating food.', 'A man is eating a piece of bread.', 'The stock market fell sharply today.'],
      })
    ).vectors as [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array];
    expect(cosine(dog, retriever)).toBeGreaterThan(cosine(dog, revenue) + 0.2);
    expect(cosine(eating, bread)).toBeGreaterThan(0.7);
    expect(cosine(eating, stocks)).toBeLessThan(0.2);
  });

  it('answers requests made at once exactly as one by one (one context, queued)', async () => {
    const texts = ['coral reefs', 'ocean warming', 'rising sea temperatures', 'swimming', 'summarise', 'summary'];
    const alone: Float32Array[] = [];
    for (const text of texts) alone.push((await embedder.embed({ inputs: [text] })).vectors[0]!);
    const together = await Promise.all(texts.map((text) => embedder.embed({ inputs: [text] })));
    together.forEach((result, i) => expect(cosine(result.vectors[0]!, alone[i]!)).toBeCloseTo(1, 6));
  });

  it('embeds a text it has embedded before without evaluating it again, the same vector, its own copy', async () => {
    const model = createLocalEmbeddingModel({ modelPath: localEmbeddingModelPath(loadConfig({ ...process.env, APP_ENV: 'test' })), threads: 1 });
    const ask = { windowTokens: 256, truncate: true };
    const first = await model.embed({ ...ask, inputs: ['A category name.', 'Another gloss.'] });
    // The thread (the model itself) is gone: only the texts kept can still be answered.
    await model.close();
    expect(model.started).toBe(false);
    const again = await model.embed({ ...ask, inputs: ['Another gloss.', 'A category name.'] });
    expect(model.started).toBe(false);
    expect(again.vectors[0]).toEqual(first.vectors[1]);
    expect(again.tokens).toEqual([first.tokens[1], first.tokens[0]]);
    again.vectors[0]!.fill(0);
    expect((await model.embed({ ...ask, inputs: ['Another gloss.'] })).vectors[0]).toEqual(first.vectors[1]);
    // A text not kept starts the model again, and the kept ones come back beside it, in order.
    const mixed = await model.embed({ ...ask, inputs: ['A category name.', 'Something new.'] });
    expect(model.started).toBe(true);
    expect(mixed.vectors[0]).toEqual(first.vectors[0]);
    expect(mixed.vectors).toHaveLength(2);
    await model.close();
  });

  it('refuses an input longer than its window unless asked to cut it', async () => {
    const long = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
    const refused = await failureOf(embedder.embed({ inputs: ['short', long] }));
    expect([refused.type, refused.message]).toEqual([CallErrors.invalidInput, expect.stringMatching(/^input 1 has \d+ tokens; the model reads at most 254$/)]);
    const cut = await embedder.embed({ inputs: [long], truncate: true });
    expect(cut.tokens).toBe(254);
  });

  it('refuses token ids outside its vocabulary', async () => {
    const refused = await failureOf(embedder.embed({ model: 'local', inputs: [[101, 999_999]] }));
    expect(refused.message).toBe("token 999999 is not in the model's vocabulary (0 to 30521)");
  });
});

describe('closing the local model while it evaluates (a worker stopping mid-backfill)', () => {
  // Before the thread waited for its evaluation to end, freeing llama.cpp's context under it crashed the process
  // (SIGSEGV within 3 to 12 rounds, three runs of 30) or could leave the free waiting for ever, and a worker's stop
  // with it. Run as a process of its own: inside jest's sandbox the crash did not show.
  it('ends the thread and fails the requests under way, at any moment of their evaluation; the process lives on, and ends once its models are closed', async () => {
    const script = path.join(__dirname, '..', '..', 'test', 'support', 'closeModelMidEvaluation.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', script, '30'], { encoding: 'utf8', timeout: 230_000 });
    expect({ status: run.status, signal: run.signal, stderr: run.stderr }).toEqual({ status: 0, signal: null, stderr: '' });
    const rounds = run.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { started: boolean; outcomes: string[] });
    expect(rounds).toHaveLength(30);
    for (const round of rounds) {
      expect(round.started).toBe(false);
      for (const outcome of round.outcomes) expect(outcome).toMatch(/^(answered|worker stopping)$/);
    }
    expect(run.stdout).toContain('closed 30 rounds');
    // Thirty model loads: about a minute alone, four under a full test run on two cores.
  }, 240_000);
});

describe('providers, through their SDKs against a loopback server speaking their wire format', () => {
  let upstream: EmbeddingServer;
  let embedder: Embedder;
  beforeAll(async () => {
    upstream = await startEmbeddingServer();
    embedder = createEmbedder(
      loadConfig({
        ...process.env,
        APP_ENV: 'test',
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: `${upstream.url}/v1`,
        GOOGLE_API_KEY: 'g-test',
        GOOGLE_BASE_URL: upstream.url,
        MISTRAL_API_KEY: 'm-test',
        MISTRAL_BASE_URL: upstream.url,
        MODEL_ALIASES: 'text-embedding-3-large=nomic-embed-text',
      }),
    );
  });
  afterAll(async () => {
    await embedder.close();
    await upstream.close();
  });

  it('auto takes the configured OpenAI model, with its key, and bills its token count', async () => {
    const result = await embedder.embed({ inputs: ['the quick brown fox', 'jumps'] });
    expect(result).toMatchObject({ model: 'text-embedding-3-small', upstreamModel: 'text-embedding-3-small-served', dimensions: 1536, tokens: 5 });
    expect(Array.from(result.vectors[0]!)).toEqual(Array.from(Float32Array.from(serverVector('text-embedding-3-small', 'the quick brown fox', 1536))));
    expect(upstream.received.at(-1)).toMatchObject({ authorization: 'Bearer sk-test', body: { model: 'text-embedding-3-small', encoding_format: 'float' } });
  });

  it('asks OpenAI for shorter vectors, and sends a self-hosted model its own name (MODEL_ALIASES)', async () => {
    const short = await embedder.embed({ model: 'text-embedding-3-small', dimensions: 256, inputs: ['x'] });
    expect([short.dimensions, short.vectors[0]!.length, upstream.received.at(-1)!.body.dimensions]).toEqual([256, 256, 256]);
    const aliased = await embedder.embed({ model: 'text-embedding-3-large', dimensions: 64, inputs: ['y'] });
    expect(upstream.received.at(-1)!.body.model).toBe('nomic-embed-text');
    expect(aliased.model).toBe('text-embedding-3-large');
  });

  it('renormalises what Gemini shortens, and estimates the tokens it does not count', async () => {
    const result = await embedder.embed({ model: 'gemini-embedding-001', dimensions: 768, inputs: ['rising sea temperatures'] });
    expect(upstream.received.at(-1)).toMatchObject({ path: '/v1beta/models/gemini-embedding-001:batchEmbedContents', googleKey: 'g-test' });
    expect(upstream.received.at(-1)!.body.requests[0].outputDimensionality).toBe(768);
    const raw = serverVector('gemini-embedding-001', 'rising sea temperatures', 3072).slice(0, 768);
    expect(norm(raw)).toBeLessThan(0.9);
    expect(norm(result.vectors[0]!)).toBeCloseTo(1, 5);
    expect(cosine(result.vectors[0]!, raw) / norm(raw)).toBeCloseTo(1, 5);
    expect(result.tokens).toBe(Math.ceil('rising sea temperatures'.length / 4));
  });

  it('sends long lists in the model’s batches (Gemini: 100 a request)', async () => {
    const before = upstream.received.length;
    const inputs = Array.from({ length: 120 }, (_, i) => `text ${i}`);
    const result = await embedder.embed({ model: 'text-embedding-004', inputs });
    expect(upstream.received.length - before).toBe(2);
    expect(result.vectors).toHaveLength(120);
  });

  it('reads Mistral through its SDK, usage included', async () => {
    const result = await embedder.embed({ model: 'mistral-embed', inputs: ['one two three'] });
    expect(result).toMatchObject({ model: 'mistral-embed', dimensions: 1024, tokens: serverTokens('one two three') });
    expect(upstream.received.at(-1)).toMatchObject({ authorization: 'Bearer m-test', path: '/v1/embeddings' });
  });

  it("turns a provider's failure into the workflow's retryable upstream failure", async () => {
    upstream.failNext(503, 'overloaded');
    const failure = await failureOf(embedder.embed({ model: 'text-embedding-3-small', inputs: ['z'] }));
    expect([failure.type, failure.nonRetryable]).toEqual([CallErrors.upstream, false]);
    expect(failure.message).toContain('503');
  });
});
