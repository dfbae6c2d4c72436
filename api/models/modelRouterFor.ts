import { modelRouterFromConfig, type ModelRouter } from '../../activities/providers';
import type { Config } from '../../schema/config';

const routers = new WeakMap<Config, ModelRouter>();

/**
 * The API's view of the model providers, from the same configuration the workers read: it lists the catalogue
 * (GET /models) and checks a caller's `model` before anything is reserved. It never calls a provider; the
 * workers' routers do, and they check again.
 */
export function modelRouterFor(config: Config): ModelRouter {
  let router = routers.get(config);
  if (!router) {
    router = modelRouterFromConfig(config);
    routers.set(config, router);
  }
  return router;
}
