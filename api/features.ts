import { loadFeatures, recordOf } from '../core/featureLoader';
import type { InlineHandler } from './inline/inlineHandler';

/** What a feature's API folder contributes (api/<feature>/feature.ts). */
export interface ApiFeature {
  /** Its inline endpoints' handlers by tool name, typed against its entries (`FamilyHandlers<typeof webhookTools>`). */
  readonly handlers: Readonly<Record<string, InlineHandler>>;
}

function problem(feature: unknown): string | null {
  const { handlers } = feature as Partial<ApiFeature>;
  if (handlers === undefined) return 'has no `handlers`';
  return recordOf(handlers, 'handler', (handler) => typeof handler === 'function');
}

/**
 * Every feature's API contribution, by the list in schema/features.ts. Loaded by name with require: schema/ may not
 * import this tree, so the list cannot name these modules itself (docs/architecture.md, "Features").
 */
export const apiFeatures = loadFeatures<ApiFeature>({
  tree: 'api',
  dir: __dirname,
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- by the feature's name: see above
  load: (name) => require(`./${name}/feature`),
  problem,
});
