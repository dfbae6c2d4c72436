import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureLocalStack, type LocalStack } from '../../scripts/services/localStack';
import type { Say } from '../../scripts/services/processes';
import { LOCAL_PORTS } from '../../scripts/services/temporal';
import { productionPorts } from '../../scripts/services/temporalServerConfig';
import { freePort } from './arrangement';
import { pidsMatching } from './processUsage';
import type { Watched } from './processUsage';

/**
 * PostgreSQL as npm start has it, and a Temporal dev server of the run's own on an empty store, stopped and deleted
 * after: the usual dev server's store grows by ~110,000 events a full run, and its CPU per call with it (the
 * API-alone arrangement's read 13 → 19 ms between two runs on one server), so runs minutes or days apart were not
 * comparable. On free ports, so that two runs side by side (the soak's two arrangements) each have their own.
 * `--shared-temporal` (or TEMPORAL_ADDRESS) uses the usual one instead.
 */
export async function benchStack(say: Say, argv: readonly string[]): Promise<BenchStack> {
  const common = { database: 'postgres', say, headlessTemporal: true, quietTemporal: true };
  if (argv.includes('--temporal=production')) {
    // The production server (go.temporal.io/server, PostgreSQL persistence, 4 shards, mTLS) of the run's own: its own
    // ports and databases, emptied first, as the dev server's store is for the same reason.
    const frontend = 7533;
    const stack = await ensureLocalStack({
      ...common,
      temporal: 'production',
      productionTemporal: {
        ports: productionPorts(frontend),
        folder: 'temporal-production-bench',
        databases: { default: 'temporal_bench', visibility: 'temporal_bench_visibility' },
        fresh: true,
      },
    });
    // Every process the bench starts (and its floor worker) reaches it with its TLS variables.
    Object.assign(process.env, stack.temporalEnv);
    say(`the production Temporal server of this run's own (mTLS, PostgreSQL, 4 shards) on ${stack.temporalAddress}`);
    return { ...stack, temporalMetricsUrl: `http://127.0.0.1:${productionPorts(frontend).metrics}/metrics`, production: true };
  }
  if (argv.includes('--shared-temporal') || process.env.TEMPORAL_ADDRESS) {
    const shared = await ensureLocalStack(common);
    return { ...shared, temporalMetricsUrl: process.env.TEMPORAL_METRICS_URL ?? `http://127.0.0.1:${LOCAL_PORTS.metrics}/metrics` };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolgate-bench-'));
  const ports = { grpc: await freePort(), http: await freePort(), ui: await freePort(), metrics: await freePort() };
  say(`a Temporal dev server of this run's own on an empty store (gRPC 127.0.0.1:${ports.grpc}; --shared-temporal for the usual one)`);
  const stack = await ensureLocalStack({ ...common, ownTemporal: { ports, dataDir } });
  return {
    ...stack,
    temporalMetricsUrl: `http://127.0.0.1:${ports.metrics}/metrics`,
    async stop() {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface BenchStack extends LocalStack {
  /** The dev server's Prometheus endpoint (its persistence writes per call); a server without one is not measured. */
  readonly temporalMetricsUrl: string;
  /** The production server (its own processes are watched), not the CLI's dev server. */
  readonly production?: boolean;
}

export type TemporalWatched = Watched & { readonly metricsUrl: string };

/** The stack's Temporal dev server, and no other one running beside it (npm start's). */
export function temporalProcessesOf(stack: BenchStack): TemporalWatched {
  const port = stack.temporalAddress.split(':').pop();
  const command = stack.production ? /temporal-server --config-file .*temporal-production-bench/ : new RegExp(`temporal server start-dev .*--port ${port} `);
  return { name: 'temporal', metricsUrl: stack.temporalMetricsUrl, pids: () => pidsMatching(command) };
}
