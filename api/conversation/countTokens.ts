import { ApplicationFailure } from '@temporalio/common';
import { modelResolverFor } from '../../core/models/configuredProviders';
import { CallErrors } from '../../schema/calls';
import type { conversationTools } from '../../schema/conversation/conversationTools';
import { estimateTokens } from '../../core/models/tokenEstimates';
import type { AppDeps } from '../deps';
import { BadRequest } from '../errors/httpErrors';
import type { HandlerFor } from '../inline/inlineHandler';

type Content = string | readonly { readonly text: string }[];

const textOf = (content: Content) => (typeof content === 'string' ? content : content.map((block) => block.text).join('\n'));

/**
 * POST /v1/messages/count_tokens: the tokens of a /v1/messages request's system prompt and messages, counted the way
 * the service counts where no provider does (core/models/tokenEstimates.ts). Free: no model runs and nothing is held, and a caller
 * who checks the size of a prompt before sending it should not pay for asking. The model is checked as /v1/messages
 * checks it, so a typo shows here first; whether its provider is configured does not change the count.
 */
export const countTokens: HandlerFor<typeof conversationTools, 'v1/messages/count_tokens'> = (input, { deps, docs }) => {
  checkModel(input.model, deps, docs);
  const texts = [...(input.system === undefined ? [] : [textOf(input.system)]), ...input.messages.map((m) => textOf(m.content))];
  return { input_tokens: texts.reduce((sum, text) => sum + estimateTokens(text), 0), estimated: true };
};

function checkModel(model: string | undefined, deps: AppDeps, docs: string): void {
  try {
    modelResolverFor(deps.config, deps.localModels.current()).resolve(model, { need: 'fast', localCapable: false });
  } catch (error) {
    if (!(error instanceof ApplicationFailure)) throw error;
    // Not configured here (or nothing is): the count is the same.
    if (error.type === CallErrors.modelUnavailable) return;
    const hint = (error.details?.[0] as { hint?: string } | undefined)?.hint ?? 'GET /v1/models lists the models.';
    if (error.type === CallErrors.invalidInput) throw new BadRequest(error.message, hint, docs).forField('model');
    throw error;
  }
}
