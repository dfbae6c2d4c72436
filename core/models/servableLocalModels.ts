import { AUTO_MODEL, findModel, type FoundLocalModel, isLocalModel } from '../../schema/models';

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
