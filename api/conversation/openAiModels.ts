import { AUTO_MODEL } from '../../schema/models';
import { modelResolverFor } from '../../core/models/configuredProviders';
import type { InlineHandler } from '../inline/inlineHandler';

/**
 * GET /v1/models in OpenAI's list format: `auto`, then every catalogue model a caller may name whose provider is
 * configured here — what an OpenAI client can pick from and get an answer. `created` is when this service started.
 */
export const openAiModels: InlineHandler = (_input, { deps }) => {
  const created = Math.floor(deps.startedAt.getTime() / 1000);
  const models = modelResolverFor(deps.config)
    .list()
    .filter((m) => m.requestable && m.configured);
  return {
    object: 'list',
    data: [
      { id: AUTO_MODEL, object: 'model', created, owned_by: 'toolgate' },
      ...models.map((m) => ({ id: m.id, object: 'model', created, owned_by: m.provider })),
    ],
  };
};
