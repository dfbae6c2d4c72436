import { ApplicationFailure } from '@temporalio/common';
import { modelResolverFor } from '../../core/models/configuredProviders';
import { CallErrors, type NotConfiguredDetails } from '../../schema/calls';
import type { conversationTools } from '../../schema/conversation/conversationTools';
import { estimateTokens } from '../../core/models/tokenEstimates';
import type { AppDeps } from '../deps';
import { BadRequest, NotConfigured } from '../errors/httpErrors';
import type { HandlerFor } from '../inline/inlineHandler';

type Content = string | readonly { readonly text: string }[];

const textOf = (content: Content) => (typeof content === 'string' ? content : content.map((block) => block.text).join('\n'));

/**
 * POST /v1/messages/count_tokens: the tokens of a /v1/messages request's system prompt and messages, counted the way
 * the service counts where no provider does (core/models/tokenEstimates.ts). Free: no model runs and nothing is held, and a caller
 * who checks the size of a prompt before sending it should not pay for asking. The model is checked as /v1/messages
 * checks it, refused as it would refuse it (a typo 400, a model this deployment cannot serve 503 not_configured), so a
 * count never promises a request that would then fail.
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
    const details = (error.details?.[0] ?? {}) as Partial<NotConfiguredDetails>;
    const hint = details.hint ?? 'GET /v1/models lists the models.';
    if (error.type === CallErrors.modelUnavailable) throw new NotConfigured(error.message, hint, details.settings ?? []);
    if (error.type === CallErrors.invalidInput) {
      const refused = new BadRequest(error.message, hint, docs).forField('model');
      const { code } = details as { code?: 'unknown_model' | 'url_refused' };
      throw code ? refused.withCode(code) : refused;
    }
    throw error;
  }
}
