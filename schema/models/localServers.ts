import type { Micros } from '../money';

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
