import type { Micros } from '../money';
import { AUTO_MODEL, findModel, isLocalModel } from './catalogue';

/** What GET /models says provides a model a local server serves (the seven providers are the catalogue's). */
export const LOCAL_SERVER_PROVIDER = 'local-server';

/** A model as a local OpenAI-compatible server lists it at GET <base>/models, found by the workers' probe. */
export interface FoundLocalModel {
  /** The server's own id (`llama3.2:3b` on Ollama): what callers name in `model` and `_meta.model` reports. */
  readonly id: string;
  /** The server's OpenAI-compatible address, e.g. http://127.0.0.1:11434/v1. */
  readonly baseUrl: string;
  /** `owned_by` as the server says it (`library` on Ollama, `vllm`, `llamacpp` …). */
  readonly ownedBy: string;
}

/** A found model with the price this deployment gives it (LOCAL_SERVER_*_PER_MILLION_USD). */
export interface LocalServerModel extends FoundLocalModel {
  readonly inputPerMillion: Micros;
  readonly outputPerMillion: Micros;
}

/** The longest id `model` accepts (schema/registry/fields.ts modelField). */
const MAX_ID_LENGTH = 100;

/**
 * The found models that may be served under their ids: not `auto`, `local` or a catalogue id (those mean what they
 * always mean: a server's "gpt-4o-mini" is reached through MODEL_ALIASES, not by shadowing the catalogue), short and
 * printable, and each id once (the first server in probe order keeps it).
 */
export function servableLocalModels(found: readonly FoundLocalModel[]): FoundLocalModel[] {
  const seen = new Set<string>();
  return found.filter(({ id }) => {
    const usable = id.length > 0 && id.length <= MAX_ID_LENGTH && /^[\x21-\x7e]+$/.test(id) && id !== AUTO_MODEL && !isLocalModel(id) && !findModel(id);
    if (!usable || seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * Whether `auto` may pick the model for a text tool. Servers list their embedding and reranking models beside the
 * chat ones (Ollama's nomic-embed-text, LM Studio's text-embedding-…), and those cannot answer a chat request; a
 * caller may still name any model.
 */
export function autoMayPickLocal(id: string): boolean {
  return !/embed|rerank/i.test(id);
}
