import { closest } from '../../core/validation/closest';
import { modelResolverFor } from '../../core/models/configuredProviders';
import { AUTO_MODEL } from '../../schema/models';
import type { conversationTools } from '../../schema/conversation/conversationTools';
import { MAX_ANSWER_TOKENS } from '../../schema/conversation/conversationTools';
import type { AppDeps } from '../deps';
import { BadRequest, NotFound } from '../errors/httpErrors';
import type { HandlerFor, InlineContext } from '../inline/inlineHandler';
import { speaksAnthropic } from '../wire/wireFormats';

/** A model /v1/chat/completions and /v1/messages can answer with here, as either vendor's client lists it. */
interface ServedModel {
  readonly id: string;
  readonly ownedBy: string;
  readonly displayName: string;
  readonly contextWindow: number | null;
  readonly maxTokens: number;
}

/**
 * What a vendor's client may name in `model` and get an answer: `auto`, then every catalogue model a caller may name
 * whose provider is configured here, then the models local servers serve. Nothing when no generative model is (`auto`
 * would answer 503). The offline `local` is not among them: it serves the offline tools, not chat (GET /models lists
 * everything).
 */
async function servedModels(deps: AppDeps): Promise<ServedModel[]> {
  const resolver = modelResolverFor(deps.config, await deps.localModels.fresh());
  const catalogue = resolver
    .list()
    .filter((m) => m.requestable && m.configured)
    .map((m) => ({
      id: m.id,
      ownedBy: m.provider,
      displayName: m.name,
      contextWindow: m.contextWindow,
      maxTokens: Math.min(m.maxOutputTokens, MAX_ANSWER_TOKENS),
    }));
  const local = resolver.localServers().map((m) => ({ id: m.id, ownedBy: m.ownedBy, displayName: m.id, contextWindow: null, maxTokens: MAX_ANSWER_TOKENS }));
  const served = [...catalogue, ...local];
  if (served.length === 0) return [];
  const auto = {
    id: AUTO_MODEL,
    ownedBy: 'toolgate',
    displayName: 'Auto (the service picks a configured model)',
    contextWindow: null,
    maxTokens: MAX_ANSWER_TOKENS,
  };
  return [auto, ...served];
}

function openAiView(model: ServedModel, deps: AppDeps) {
  return { id: model.id, object: 'model', created: Math.floor(deps.startedAt.getTime() / 1000), owned_by: model.ownedBy };
}

function anthropicView(model: ServedModel, deps: AppDeps) {
  return {
    type: 'model',
    id: model.id,
    display_name: model.displayName,
    created_at: deps.startedAt.toISOString(),
    max_input_tokens: model.contextWindow,
    max_tokens: model.maxTokens,
  };
}

/** GET /v1/models: OpenAI's `{object: 'list', data}`, or Anthropic's page `{data, has_more, first_id, last_id}`. */
export const listVendorModels: HandlerFor<typeof conversationTools, 'v1/models'> = async (input, ctx) => {
  const models = await servedModels(ctx.deps);
  if (!speaksAnthropic(ctx.headers)) return { object: 'list', data: models.map((m) => openAiView(m, ctx.deps)) };
  const page = anthropicPage(models, input, ctx);
  return {
    data: page.items.map((m) => anthropicView(m, ctx.deps)),
    has_more: page.hasMore,
    first_id: page.items[0]?.id ?? null,
    last_id: page.items.at(-1)?.id ?? null,
  };
};

/**
 * Anthropic's cursor pagination: `after_id` pages forward from a page's last id, `before_id` backward from a page's
 * first; `has_more` says whether more lie further in the direction asked.
 */
function anthropicPage(
  models: readonly ServedModel[],
  input: { limit?: number; after_id?: string; before_id?: string },
  ctx: InlineContext,
): { items: readonly ServedModel[]; hasMore: boolean } {
  const limit = input.limit ?? 20;
  const position = (id: string, field: string) => {
    const index = models.findIndex((m) => m.id === id);
    if (index === -1)
      throw new BadRequest(`${field}: "${id}" is not a model listed here`, 'Page with the first_id or last_id of a page GET /v1/models gave.', ctx.docs);
    return index;
  };
  if (input.before_id !== undefined) {
    const end = position(input.before_id, 'before_id');
    const start = Math.max(0, end - limit);
    return { items: models.slice(start, end), hasMore: start > 0 };
  }
  const start = input.after_id === undefined ? 0 : position(input.after_id, 'after_id') + 1;
  return { items: models.slice(start, start + limit), hasMore: start + limit < models.length };
}

/** GET /v1/models/{model}: one listed model in the asking vendor's format; any other id is a 404 in that vendor's shape. */
export const getVendorModel: HandlerFor<typeof conversationTools, 'v1/models/model'> = async (input, ctx) => {
  const models = await servedModels(ctx.deps);
  const model = models.find((m) => m.id === input.model);
  if (!model) {
    const suggestion = closest(
      input.model,
      models.map((m) => m.id),
    );
    throw new NotFound(`model "${input.model}" is not served here`, suggestion, ctx.docs);
  }
  return speaksAnthropic(ctx.headers) ? anthropicView(model, ctx.deps) : openAiView(model, ctx.deps);
};
