import Koa from 'koa';
import type pg from 'pg';
import { cachedKeyLookup } from '../core/accounts/keyCache';
import type { KeyChangeFeed } from '../core/accounts/keyChanges';
import type { AppDeps, RequestState } from './deps';
import { apiFeatures } from './features';
import type { InFlight } from './inFlight';
import { links } from './links';
import { localModelsOf } from './models/localModels';
import { balanceAhead } from './middleware/balanceAhead';
import { clientIp } from './middleware/clientIp';
import { cors } from './middleware/cors';
import { errors } from './middleware/errors';
import { identify, refuseInvalidKey } from './middleware/identify';
import { verifySessionToken } from '../core/sessions/sessionToken';
import { verifySignIn } from '../core/sessions/signInWithX';
import { logRequests } from './middleware/logRequests';
import { metricsRoute } from './middleware/metricsRoute';
import { requestMetrics } from './middleware/requestMetrics';
import { serverTiming } from './middleware/serverTiming';
import { traceRequests } from './middleware/traceRequests';
import { mcpRoutes } from './mcp/mcpRoutes';
import { maintenance } from './middleware/maintenance';
import { admissionFor } from './admission/admissionFor';
import { shedEarly } from './admission/shedEarly';
import { facilitatorRoutes, isFacilitatorPath } from './payments/facilitatorRoutes';
import { paywall } from './payments/paywallPage';
import { rateLimit } from './middleware/rateLimit';
import { requestId } from './middleware/requestId';
import { urlText } from './middleware/urlText';
import { versionHeaders } from './middleware/versionHeaders';
import { isRelayReceivePath } from './relay/relayPaths';
import { fallback } from './routes/fallback';
import { registryRoutes } from './routes/registryRoutes';

/** The HTTP API: small middleware, each doing one thing, then the routes the registry generates. */
export function createApp(
  given: Omit<AppDeps, 'localModels'> &
    Partial<Pick<AppDeps, 'localModels'>> & {
      pool: pg.Pool;
      inFlight?: InFlight;
      /** Key changes heard from PostgreSQL: without them no key is cached (each request reads its key). */
      keyChanges?: KeyChangeFeed;
    },
): Koa<RequestState> {
  const admission = given.admission ?? admissionFor(given.config);
  const deps = {
    ...given,
    localModels: given.localModels ?? localModelsOf(given.store.db, given.config, given.log, given.clock),
    ...(admission ? { admission } : {}),
  };
  const { config } = deps;
  const app = new Koa<RequestState>({ proxy: false });
  const link = links(config);
  const tools = registryRoutes(deps);
  const mcp = mcpRoutes(deps);
  const facilitator = facilitatorRoutes(deps);
  // A feature's own routes (api/<feature>/feature.ts: A2A's JSON-RPC endpoints).
  const featureRoutes = [...apiFeatures.values()].flatMap((feature) => (feature.routes ? [feature.routes(deps)] : []));
  // First, so it counts a handler from its start to its very end (the server waits for them when it stops).
  if (deps.inFlight) app.use(deps.inFlight.middleware);
  if (deps.tracer) app.use(traceRequests(deps.tracer));

  app.use(serverTiming());
  app.use(requestMetrics());
  app.use(versionHeaders());
  app.use(metricsRoute(config.metricsToken, deps.temporalMetrics));
  app.use(logRequests(deps.log));
  // Before errors, limits and credentials: a preflight is answered at once, and every answer (a 402 too) is readable.
  app.use(cors(config.corsOrigins));
  app.use(paywall(config));
  app.use(errors({ log: deps.log, supportUrl: link.support, docs: link.docs() }));
  app.use(requestId(link.docs()));
  app.use(urlText(link.docs()));
  app.use(clientIp(config.trustedProxies));
  app.use(maintenance({ enabled: () => config.maintenanceMode, retryAfterSeconds: config.maintenanceRetryAfter }));
  // A paid call for a full pool is refused before anything is looked up for it (api/admission/shedEarly.ts).
  app.use(shedEarly(deps, tools));
  const keyLookup = cachedKeyLookup(deps.store.db, { changes: given.keyChanges });
  app.use(
    identify(
      keyLookup,
      deps.clock,
      (token) => verifySessionToken(config, deps.clock, token),
      (proof, request) => verifySignIn(deps.store, config, deps.clock, proof, request),
    ),
  );
  app.use(balanceAhead(deps.store.db, tools));
  app.use(
    rateLimit({
      pool: deps.pool,
      clock: deps.clock,
      perIpPerMinute: config.rateLimitPerMinute,
      perKeyPerMinute: config.keyRateLimitPerMinute,
      upgradeUrl: link.upgrade,
    }),
  );
  // Where outside services call with credentials of their own: a relay's inbox, the facilitator's bearer token.
  app.use(refuseInvalidKey((path) => isRelayReceivePath(path) || isFacilitatorPath(path)));
  app.use(fallback([tools, mcp, facilitator, ...featureRoutes], link.docs()));
  app.use(tools.routes());
  app.use(mcp.routes());
  app.use(facilitator.routes());
  for (const routes of featureRoutes) app.use(routes.routes());
  return app;
}
