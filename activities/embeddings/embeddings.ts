import type { ToolResult } from '../../schema/calls';
import type { embeddingTools as embeddingEntries } from '../../schema/embeddings/embeddingTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import type { EmbeddingInput } from './createEmbedder';
import type { ToolContext } from '../tools/toolImplementation';

type EmbeddingsInput = ToolInput<typeof embeddingEntries, 'v1/embeddings'>;

/**
 * POST /v1/embeddings: OpenAI's request in, its `list` of `embedding` objects out, with usage. The vectors come from
 * the worker's Embedder (the model auto or the caller chose, cut to `dimensions`), billed as the model's tokens.
 */
export async function embeddings(input: EmbeddingsInput, { deps, progress }: ToolContext): Promise<ToolResult> {
  const result = await deps.embedder.embed(
    { inputs: inputsOf(input.input), ...(input.model ? { model: input.model } : {}), ...(input.dimensions ? { dimensions: input.dimensions } : {}) },
    progress.signal,
  );
  const encode = input.encoding_format === 'base64' ? base64Of : floatsOf;
  return {
    output: {
      object: 'list',
      data: result.vectors.map((vector, index) => ({ object: 'embedding', index, embedding: encode(vector) })),
      model: result.model,
      usage: { prompt_tokens: result.tokens, total_tokens: result.tokens },
    },
    model: result.model,
    tokens: { input: result.tokens, output: 0 },
  };
}

/** A text, texts, one token array or token arrays, as the list of inputs they are. */
export function inputsOf(input: EmbeddingsInput['input']): EmbeddingInput[] {
  if (typeof input === 'string') return [input];
  if (input.length > 0 && typeof input[0] === 'number') return [input as number[]];
  return input as EmbeddingInput[];
}

/** Little-endian float32 bytes in base64, what OpenAI sends for `encoding_format: "base64"`. */
function base64Of(vector: Float32Array): string {
  const bytes = Buffer.alloc(vector.length * 4);
  for (let i = 0; i < vector.length; i++) bytes.writeFloatLE(vector[i]!, i * 4);
  return bytes.toString('base64');
}

/** Each float32 in the fewest digits that read back as the same float32 (~11 characters, not a double's 19). */
function floatsOf(vector: Float32Array): number[] {
  const out = new Array<number>(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = shortestFloat32(vector[i]!);
  return out;
}

export function shortestFloat32(value: number): number {
  for (let digits = 6; digits < 9; digits++) {
    const shorter = Number(value.toPrecision(digits));
    if (Math.fround(shorter) === value) return shorter;
  }
  return Number(value.toPrecision(9));
}
