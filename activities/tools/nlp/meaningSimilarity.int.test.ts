import { mkdtempSync, mkdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../core/config/loadConfig';
import { localEmbeddingModelPath } from '../../../schema/models';
import { createEmbedder, type Embedder } from '../../embeddings';
import { workerOfflineAids } from '../offlineAids';
import { localMeaningSimilarity } from './meaningSimilarity';
import { systemClock } from '../../../core/clock/clock';

// The worker's similarity with the real local model: what it asks the model for, and when it is made.
describe("the worker's meaning similarity", () => {
  const config = loadConfig({ ...process.env, APP_ENV: 'test' });
  let embedder: Embedder;
  let asked: string[];
  let counting: Embedder;
  beforeAll(() => {
    embedder = createEmbedder(config);
    // The real embedder, with a record of the texts it was given.
    counting = { ...embedder, embed: (request, signal) => (asked.push(...(request.inputs as string[])), embedder.embed(request, signal)) };
  });
  beforeEach(() => {
    asked = [];
  });
  afterAll(() => embedder.close());

  it('embeds a text once however many calls repeat it, and answers the same cosines from what it kept', async () => {
    const similarity = localMeaningSimilarity(counting, config)!;
    const labels = ['billing: invoices and charges', 'shipping: deliveries and parcels', 'shipping: deliveries and parcels'];
    const first = await similarity('Where is my parcel?', labels);
    expect(asked).toEqual(['Where is my parcel?', 'billing: invoices and charges', 'shipping: deliveries and parcels']);
    const again = await similarity('Where is my parcel?', labels);
    expect(again).toEqual(first);
    expect(first[1]).toBeGreaterThan(first[0]!);
    await similarity('I was charged twice this month.', labels);
    expect(asked.slice(3)).toEqual(['I was charged twice this month.']);
  });

  it('is made on the first offline call and reused; while the model file is missing it is looked for again', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'aids-'));
    const where = { ...config, dataDir, localEmbeddingModelPath: '' };
    const aids = workerOfflineAids({ embedder: counting, config: where, clock: systemClock });
    expect(aids().similarity).toBeUndefined();
    mkdirSync(path.dirname(localEmbeddingModelPath(where)), { recursive: true });
    symlinkSync(path.resolve(localEmbeddingModelPath(config)), localEmbeddingModelPath(where));
    const made = aids();
    expect(made.similarity).toBeDefined();
    expect(aids()).toBe(made);
    await made.similarity!('a question', ['a label']);
    await aids().similarity!('another question', ['a label']);
    expect(asked).toEqual(['a question', 'a label', 'another question']);
  });
});
