import { ApplicationFailure } from '@temporalio/common';
import type { Middleware } from 'koa';
import { CallErrors } from '../../schema/calls';
import type { ToolEntry } from '../../schema/registry/types';
import type { AppDeps, RequestState } from '../deps';
import { BadRequest, ServiceUnavailable } from '../errors/httpErrors';
import { modelRouterFor } from '../models/modelRouterFor';

export interface ModelState {
  /** How this call's tool runs: beside the workflow for the offline provider, queued and heartbeated for a model provider. */
  execution?: 'local-activity' | 'activity';
}

/**
 * Checks the caller's `model` before any money is held or any x402 payment claimed: an unknown model is a 400
 * listing the valid ones, a generative tool with no provider configured a 503 naming the variables to set.
 * Decides the call's execution from the answer: the offline provider runs as a local activity.
 */
export function chooseModel(entry: ToolEntry, deps: AppDeps, docs: string): Middleware<RequestState & ModelState> {
  return async (ctx, next) => {
    ctx.state.execution = executionFor(entry, deps, ctx.state.input?.model as string | undefined, docs);
    await next();
  };
}

/** The same check and decision, for callers that run a tool later (async jobs). */
export function executionFor(entry: ToolEntry, deps: AppDeps, model: string | undefined, docs: string): 'local-activity' | 'activity' {
  // A tool that asks no model (/code/run; a chain, whose steps choose their own) runs as its entry says.
  if (entry.model === 'none') return entry.execution === 'local-activity' ? 'local-activity' : 'activity';
  let kind: 'local' | 'auto' | 'model';
  try {
    kind = modelRouterFor(deps.config).resolve(model, { need: entry.need ?? 'fast', localCapable: entry.model === 'local-capable' }).kind;
  } catch (error) {
    if (!(error instanceof ApplicationFailure)) throw error;
    const hint = (error.details?.[0] as { hint?: string } | undefined)?.hint;
    if (error.type === CallErrors.invalidInput) throw new BadRequest(error.message, hint ?? 'GET /models lists the models.', docs);
    throw new ServiceUnavailable(error.message, 60, 'model_unavailable', hint ? { hint } : {});
  }
  return kind === 'local' ? 'local-activity' : 'activity';
}
