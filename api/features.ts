import type Router from '@koa/router';
import type pg from 'pg';
import { loadFeatures, recordOf } from '../core/featureLoader';
import type { AppDeps, RequestState } from './deps';
import type { InlineHandler } from './inline/inlineHandler';
import type { BeforePayment } from './calls/beforePayment';

/** What a feature's API folder contributes (api/<feature>/feature.ts). */
export interface ApiFeature {
  /** Its inline endpoints' handlers by tool name, typed against its entries (`FamilyHandlers<typeof webhookTools>`). */
  readonly handlers: Readonly<Record<string, InlineHandler>>;
  /**
   * Routes the registry does not generate, for an endpoint that speaks another protocol than the service's JSON (A2A's
   * JSON-RPC): mounted after the registry's and MCP's, with the same middleware in front (api/app.ts).
   */
  readonly routes?: (deps: AppDeps & { pool: pg.Pool }) => Router<RequestState>;
  /** Its check before any call is paid for (api/calls/beforePayment.ts): a listing's price, an agent the caller owns … */
  readonly beforePayment?: BeforePayment;
}

function problem(feature: unknown): string | null {
  const { handlers, routes, beforePayment } = feature as Partial<ApiFeature>;
  if (handlers === undefined) return 'has no `handlers`';
  if (routes !== undefined && typeof routes !== 'function') return 'has `routes` that is not a function';
  if (beforePayment !== undefined && typeof beforePayment !== 'function') return 'has `beforePayment` that is not a function';
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
