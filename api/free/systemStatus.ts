import { sql } from 'kysely';
import { registry } from '../../schema/registry';
import { toolAvailability } from '../availability/toolAvailability';
import type { AppDeps } from '../deps';
import { API_VERSION } from '../middleware/versionHeaders';
import type { freeTools } from '../../schema/free/freeTools';
import type { FamilyHandlers } from '../inline/inlineHandler';

async function check(probe: () => Promise<unknown>): Promise<{ ok: boolean; ms: number; error?: string }> {
  const started = performance.now();
  try {
    await Promise.race([probe(), new Promise((_, reject) => setTimeout(() => reject(new Error('timed out after 2 s')), 2000).unref())]);
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - started), error: (error as Error).message };
  }
}

type Checked = Awaited<ReturnType<typeof check>>;

/** The last reading of the database and Temporal, per app: shared by every request within a second of it. */
const readings = new WeakMap<object, { at: number; result: Promise<{ database: Checked; temporal: Checked }> }>();

/**
 * Whether the database and Temporal answer, read at most once a second whoever asks (a burst of health checks, the
 * readiness watcher): a probe never adds a query per request to a busy pool, and is answered at once from the reading.
 */
export function dependencyChecks(deps: Pick<AppDeps, 'store' | 'temporal'>, maxAgeMs = 1000): Promise<{ database: Checked; temporal: Checked }> {
  const last = readings.get(deps.store);
  if (last && performance.now() - last.at < maxAgeMs) return last.result;
  const result = Promise.all([check(() => sql`select 1`.execute(deps.store.db)), check(() => deps.temporal.client.workflowService.getSystemInfo({}))]).then(
    ([database, temporal]) => ({ database, temporal }),
  );
  readings.set(deps.store, { at: performance.now(), result });
  return result;
}

export async function health(deps: AppDeps) {
  const { database, temporal } = await dependencyChecks(deps);
  return {
    status: database.ok && temporal.ok ? 'ok' : 'degraded',
    checks: { database, temporal },
    version: API_VERSION,
    uptime_s: Math.floor((deps.clock.now().getTime() - deps.startedAt.getTime()) / 1000),
  };
}

export async function status(deps: AppDeps) {
  const { config } = deps;
  const h = await health(deps);
  // Unread (the database is down): the health check already says degraded.
  const availability = h.checks.database.ok ? await toolAvailability(deps).catch(() => null) : null;
  const providerFailing = availability?.providers.some((provider) => provider.state === 'failing') ?? false;
  return {
    status: config.maintenanceMode ? 'maintenance' : h.status === 'ok' && !providerFailing ? 'operational' : 'degraded',
    service: 'toolgate',
    version: API_VERSION,
    environment: config.environment,
    components: { api: 'ok', database: h.checks.database.ok ? 'ok' : 'down', temporal: h.checks.temporal.ok ? 'ok' : 'down' },
    endpoints: registry.length,
    // Which configured model providers answer, and which tools cannot run here and why (a tool not listed can).
    ...(availability
      ? {
          providers: availability.providers,
          tools: {
            total: registry.length,
            available: registry.length - availability.unavailable.size,
            unavailable: [...availability.unavailable].map(([path, why]) => ({ path, ...why })),
          },
        }
      : {}),
    limits: {
      requests_per_minute_per_ip: config.rateLimitPerMinute,
      requests_per_minute_per_key: config.keyRateLimitPerMinute,
      free_tier_calls_per_day: config.freeTierDaily,
      mcp_free_calls_per_day: config.mcpFreeDaily,
      max_body_bytes: config.maxBodyBytes,
    },
    operators: { temporal_ui: config.temporalUiUrl, task_queue: config.taskQueue, search_attributes: ['Tool', 'Payer', 'PaymentMethod', 'CallStatus'] },
    time: deps.clock.now().toISOString(),
  };
}

export const systemHandlers: Pick<FamilyHandlers<typeof freeTools>, 'health' | 'status'> = {
  health: (_input, ctx) => health(ctx.deps),
  status: (_input, ctx) => status(ctx.deps),
};
