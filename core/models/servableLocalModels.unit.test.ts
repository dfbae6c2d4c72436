import { autoMayPickLocal, servableLocalModels } from './servableLocalModels';

const found = (id: string, port = 11434) => ({ id, baseUrl: `http://127.0.0.1:${port}/v1`, ownedBy: 'library' });

describe('which found models are served', () => {
  it("keeps each server's own ids, the first server's when two list the same", () => {
    expect(servableLocalModels([found('llama3.2:3b'), found('qwen2.5:7b'), found('llama3.2:3b', 1234)])).toEqual([found('llama3.2:3b'), found('qwen2.5:7b')]);
  });

  it('leaves auto, local, the offline methods and the catalogue ids their meaning, and drops ids `model` cannot carry', () => {
    const ids = ['auto', 'local', 'local/vader', 'gpt-4o-mini', 'claude-sonnet-4-6', 'has space', '', 'x'.repeat(101), 'meta-llama/Llama-3.1-8B-Instruct'];
    expect(servableLocalModels(ids.map((id) => found(id))).map((m) => m.id)).toEqual(['meta-llama/Llama-3.1-8B-Instruct']);
  });

  it('keeps embedding and reranking models out of auto’s reach', () => {
    expect(['nomic-embed-text:latest', 'text-embedding-nomic-embed-text-v1.5', 'bge-reranker-v2', 'llama3.2:3b'].filter(autoMayPickLocal)).toEqual([
      'llama3.2:3b',
    ]);
  });
});
