import Router from '@koa/router';
import { facilitatorRouter } from '../../core/x402';
import type { AppDeps, RequestState } from '../deps';
import { NotConfigured } from '../errors/httpErrors';

/** Where this deployment's self-hosted facilitator is served: an official client's facilitator URL. */
export const FACILITATOR_PREFIX = '/facilitator';

/** A path of the facilitator's, where callers carry its bearer token rather than a key of ours. */
export function isFacilitatorPath(path: string): boolean {
  return path.startsWith(`${FACILITATOR_PREFIX}/`);
}

/**
 * The self-hosted facilitator over the x402 facilitator HTTP API (`/facilitator/verify`, `/settle`, `/supported`), so
 * another service, or an official x402 client (`HTTPFacilitatorClient`), can settle through it. Served only when this
 * deployment settles through its own facilitator (no X402_FACILITATOR_URL), behind the app's request id, rate limit
 * and error answers like every route. Settling spends the facilitator's gas wallet, so callers must send
 * X402_FACILITATOR_SERVE_TOKEN as a bearer token; in production without one it is not offered (503 not_configured).
 */
export function facilitatorRoutes(deps: Pick<AppDeps, 'config' | 'x402'>): Router<RequestState> {
  const { config, x402 } = deps;
  const selfHosted = x402 && !config.x402FacilitatorUrl ? x402.facilitator : null;
  const token = config.x402FacilitatorServeToken || undefined;
  if (selfHosted && (token || config.environment !== 'production')) {
    return facilitatorRouter(selfHosted, { prefix: FACILITATOR_PREFIX, ...(token ? { bearerToken: token } : {}) }) as unknown as Router<RequestState>;
  }
  const router = new Router<RequestState>({ prefix: FACILITATOR_PREFIX });
  const off = () => {
    throw selfHosted
      ? new NotConfigured(
          "this deployment's facilitator is not offered to other services: X402_FACILITATOR_SERVE_TOKEN is not set",
          'The operator sets X402_FACILITATOR_SERVE_TOKEN (callers send it as a bearer token): settling spends the facilitator’s gas.',
          ['X402_FACILITATOR_SERVE_TOKEN'],
        )
      : new NotConfigured(
          'this deployment has no facilitator of its own to offer: it settles through X402_FACILITATOR_URL, or x402 is off',
          'Use the facilitator at X402_FACILITATOR_URL, or run the self-hosted one (X402_RPC_URL and X402_FACILITATOR_PRIVATE_KEY).',
          ['X402_RPC_URL', 'X402_FACILITATOR_PRIVATE_KEY'],
        );
  };
  router.post('/verify', off).post('/settle', off).get('/supported', off);
  return router;
}
