import { ApplicationFailure } from '@temporalio/common';
import { modelResolverFor } from '../../core/models/configuredProviders';
import type { ModelChoice } from '../../core/models/modelResolver';
import { CallErrors } from '../../schema/calls';
import type { ToolEntry } from '../../schema/registry/types';
import type { AppDeps } from '../deps';
import { BadRequest, ServiceUnavailable } from '../errors/httpErrors';

/**
 * Checks the caller's `model` before any money is held or any x402 payment claimed: an unknown model is a 400
 * listing the valid ones, a generative tool with no provider configured a 503 naming the variables to set. The
 * answer decides where the call runs: the offline provider beside the workflow, a model provider queued and
 * heartbeated. Checked from the catalogue, the configured providers and the local servers the workers found; no
 * provider SDK is loaded for it.
 */
export function executionFor(entry: ToolEntry, deps: AppDeps, model: string | undefined, docs: string): 'local-activity' | 'activity' {
  // A tool that asks no model (/code/run; a chain, whose steps choose their own) runs as its entry says.
  if (entry.model === 'none') return entry.execution === 'local-activity' ? 'local-activity' : 'activity';
  let kind: ModelChoice['kind'];
  try {
    kind = modelResolverFor(deps.config, deps.localModels.current()).resolve(model, {
      need: entry.need ?? 'fast',
      localCapable: entry.model === 'local-capable',
    }).kind;
  } catch (error) {
    if (!(error instanceof ApplicationFailure)) throw error;
    const hint = (error.details?.[0] as { hint?: string } | undefined)?.hint;
    if (error.type === CallErrors.invalidInput) throw new BadRequest(error.message, hint ?? 'GET /models lists the models.', docs);
    throw new ServiceUnavailable(error.message, 60, 'model_unavailable', hint ? { hint } : {});
  }
  return kind === 'local' ? 'local-activity' : 'activity';
}
