import { ApplicationFailure } from '@temporalio/common';
import { CallErrors } from '../../schema/calls';
import { chooseEmbeddingModel, MAX_EMBEDDING_VALUES } from './embeddingChoice';

const failure = (work: () => unknown): ApplicationFailure => {
  try {
    work();
  } catch (error) {
    if (error instanceof ApplicationFailure) return error;
    throw error;
  }
  throw new Error('expected a failure');
};

describe('chooseEmbeddingModel', () => {
  it('auto takes a configured provider first, the local model when none is', () => {
    expect(chooseEmbeddingModel({ inputs: 1 }, []).model.id).toBe('all-MiniLM-L6-v2');
    expect(chooseEmbeddingModel({ model: 'auto', inputs: 1 }, ['mistral']).model.id).toBe('mistral-embed');
    expect(chooseEmbeddingModel({ inputs: 1 }, ['mistral', 'openai', 'anthropic']).model.id).toBe('text-embedding-3-small');
    expect(chooseEmbeddingModel({ inputs: 1 }, ['anthropic', 'groq'])).toMatchObject({ model: { id: 'all-MiniLM-L6-v2' }, dimensions: 384 });
  });

  it('names the local model "local" too', () => {
    expect(chooseEmbeddingModel({ model: 'local', inputs: 2 }, ['openai']).model.id).toBe('all-MiniLM-L6-v2');
  });

  it('refuses unknown and chat models with 400s that list the embedding models', () => {
    const unknown = failure(() => chooseEmbeddingModel({ model: 'text-embedding-9', inputs: 1 }, []));
    expect([unknown.type, unknown.message]).toEqual([CallErrors.invalidInput, 'unknown model "text-embedding-9" for embeddings']);
    expect(JSON.stringify(unknown.details)).toContain('all-MiniLM-L6-v2');
    expect(failure(() => chooseEmbeddingModel({ model: 'gpt-4o-mini', inputs: 1 }, ['openai'])).message).toBe(
      'gpt-4o-mini is a chat model, not an embedding model',
    );
  });

  it("answers 503 naming the variable when the model's provider is not configured", () => {
    const missing = failure(() => chooseEmbeddingModel({ model: 'gemini-embedding-001', inputs: 1 }, ['openai']));
    expect(missing.type).toBe(CallErrors.modelUnavailable);
    expect(JSON.stringify(missing.details)).toContain('GOOGLE_API_KEY');
    expect(JSON.stringify(failure(() => chooseEmbeddingModel({ model: 'nomic-embed-text', inputs: 1 }, [])).details)).toContain('OPENAI_BASE_URL');
  });

  it('shortens only models trained for it, within their size', () => {
    expect(chooseEmbeddingModel({ model: 'text-embedding-3-large', dimensions: 256, inputs: 1 }, ['openai']).dimensions).toBe(256);
    expect(chooseEmbeddingModel({ model: 'local', dimensions: 384, inputs: 1 }, []).dimensions).toBe(384);
    const local = failure(() => chooseEmbeddingModel({ model: 'local', dimensions: 128, inputs: 1 }, []));
    expect([local.type, local.message]).toEqual([
      CallErrors.invalidInput,
      'all-MiniLM-L6-v2 makes vectors of 384 dimensions and cannot shorten them (dimensions: 128)',
    ]);
    expect(failure(() => chooseEmbeddingModel({ model: 'text-embedding-3-small', dimensions: 4096, inputs: 1 }, ['openai'])).message).toBe(
      'text-embedding-3-small makes vectors of at most 1536 dimensions, not 4096',
    );
  });

  it('takes token arrays only for models that read token ids', () => {
    expect(chooseEmbeddingModel({ model: 'local', tokenArrays: true, inputs: 1 }, []).model.id).toBe('all-MiniLM-L6-v2');
    expect(failure(() => chooseEmbeddingModel({ model: 'mistral-embed', tokenArrays: true, inputs: 1 }, ['mistral'])).message).toBe(
      'mistral-embed takes text, not token arrays',
    );
  });

  it('keeps an answer within what a workflow result carries, saying how many inputs fit', () => {
    const fits = Math.floor(MAX_EMBEDDING_VALUES / 384);
    expect(chooseEmbeddingModel({ model: 'local', inputs: fits }, []).dimensions).toBe(384);
    const tooMany = failure(() => chooseEmbeddingModel({ model: 'local', inputs: fits + 1 }, []));
    expect(JSON.stringify(tooMany.details)).toContain(`at most ${fits} inputs`);
    // Shortened vectors let more inputs through.
    expect(chooseEmbeddingModel({ model: 'text-embedding-3-small', dimensions: 64, inputs: 1536 }, ['openai']).dimensions).toBe(64);
  });
});
