import { ApplicationFailure } from '@temporalio/common';
import { configuredProviders, modelResolverFor } from '../../core/models/configuredProviders';
import { chooseEmbeddingModel } from '../../core/models/embeddingChoice';
import type { ModelChoice } from '../../core/models/modelResolver';
import type { ToolEntry } from '../../schema/registry/types';
import type { AppDeps } from '../deps';
import { failureToHttp } from './failureToHttp';

/** What executionFor reads of the service: its settings, the local models it has, its clock (for an error's time). */
export type ExecutionDeps = Pick<AppDeps, 'config' | 'localModels' | 'clock'>;

/**
 * Checks the caller's `model` before any money is held or any x402 payment claimed: an unknown model is a 400
 * listing the valid ones, a generative tool with no provider configured a 503 naming the variables to set. The
 * answer decides where the call runs: the offline provider beside the workflow, a model provider queued and
 * heartbeated. Checked from the catalogue, the configured providers and the local servers the workers found; no
 * provider SDK is loaded for it.
 */
export function executionFor(entry: ToolEntry, deps: ExecutionDeps, input: Record<string, unknown>, docs: string): 'local-activity' | 'activity' {
  // A tool that asks no model (/code/run; a chain, whose steps choose their own) runs as its entry says.
  if (entry.model === 'none') return entry.execution === 'local-activity' ? 'local-activity' : 'activity';
  const model = input.model as string | undefined;
  let kind: ModelChoice['kind'];
  try {
    // Embeddings: the model, its size and the answer's size are checked here. The local model on a few texts answers in
    // milliseconds, so it runs beside the workflow (the quick path: reserved, run and charged in one local activity);
    // a provider, or many texts, is queued and heartbeated like any model call.
    if (entry.model === 'embedding') {
      const { model: chosen, texts } = checkEmbeddingRequest(input, deps);
      return chosen.provider === 'local' && texts <= QUICK_LOCAL_EMBEDDING_TEXTS ? 'local-activity' : 'activity';
    }
    kind = modelResolverFor(deps.config, deps.localModels.current()).resolve(model, {
      need: entry.need ?? 'fast',
      localCapable: entry.model === 'local-capable',
    }).kind;
  } catch (error) {
    if (!(error instanceof ApplicationFailure) || !error.type) throw error;
    // The same answer as a worker's failure of this kind: 400 (unknown model), 503 not_configured (no provider).
    throw failureToHttp(error.type, error.message, (error.details ?? []) as unknown[], docs, docs, () => deps.clock.now());
  }
  return kind === 'local' ? 'local-activity' : 'activity';
}

/**
 * The most texts the local embedding model takes on the quick path: about 15 ms each on a busy core, so a request of
 * this many is done well inside a workflow task's time-out (a longer local activity would keep heartbeating it).
 */
const QUICK_LOCAL_EMBEDDING_TEXTS = 32;

function checkEmbeddingRequest(input: Record<string, unknown>, deps: Pick<AppDeps, 'config'>): { model: { provider: string }; texts: number } {
  const given = input.input;
  const list = Array.isArray(given) && given.length > 0 && typeof given[0] !== 'number' ? (given as unknown[]) : [given];
  const choice = chooseEmbeddingModel(
    {
      model: input.model as string | undefined,
      dimensions: input.dimensions as number | undefined,
      inputs: list.length,
      tokenArrays: list.some((item) => typeof item !== 'string'),
    },
    configuredProviders(deps.config),
  );
  return { model: choice.model, texts: list.length };
}
