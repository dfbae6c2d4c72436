import type { TemporalCertificates } from './certificates';

/** Where the production server's services listen: gRPC and membership ports of each, the frontend's HTTP, metrics. */
export interface TemporalServerPorts {
  readonly frontend: number;
  readonly http: number;
  readonly history: number;
  readonly matching: number;
  readonly worker: number;
  /** Prometheus /metrics (persistence requests per call: the bench reads them). */
  readonly metrics: number;
  readonly ui: number;
}

/** Every port from the frontend's: history +1, matching +2, worker +6, HTTP +10, metrics +30, UI +1000 (membership −1000). */
export function productionPorts(frontend: number): TemporalServerPorts {
  return { frontend, history: frontend + 1, matching: frontend + 2, worker: frontend + 6, http: frontend + 10, metrics: frontend + 30, ui: frontend + 1000 };
}

/** Beside the dev server's (7233 …) and the chaos run's (7333 …): all can run on one machine. */
export const PRODUCTION_PORTS: TemporalServerPorts = productionPorts(7433);

export interface TemporalServerSettings {
  readonly ports: TemporalServerPorts;
  readonly shards: number;
  readonly certificates: TemporalCertificates;
  readonly postgres: { readonly host: string; readonly port: number; readonly user: string; readonly password: string };
  readonly databases: { readonly default: string; readonly visibility: string };
  readonly dynamicConfigFile: string;
}

/**
 * The Temporal server's configuration as a production cluster has it, in one process: PostgreSQL persistence and SQL
 * visibility, `shards` history shards, and TLS everywhere with certificates of our own CA — mTLS on the frontend
 * (a client must present a certificate the CA signed), mTLS between the services, and the system worker's own client
 * certificate for the frontend. JSON is YAML, and the server reads it as such.
 */
export function temporalServerConfig(settings: TemporalServerSettings): string {
  const { ports, certificates, postgres } = settings;
  const ca = [certificates.ca.cert];
  const server = { certFile: certificates.server.cert, keyFile: certificates.server.key, requireClientAuth: true, clientCaFiles: ca };
  const client = { serverName: certificates.serverName, rootCaFiles: ca };
  const store = (database: string, maxConns: number) => ({
    sql: {
      pluginName: 'postgres12',
      databaseName: database,
      connectAddr: `${postgres.host}:${postgres.port}`,
      connectProtocol: 'tcp',
      user: postgres.user,
      password: postgres.password,
      maxConns,
      maxIdleConns: maxConns,
      maxConnLifetime: '1h',
    },
  });
  const service = (grpcPort: number, extra: Record<string, unknown> = {}) => ({
    rpc: { grpcPort, membershipPort: grpcPort - 1000, bindOnLocalHost: true, ...extra },
  });
  const config = {
    log: { stdout: true, level: 'info' },
    persistence: {
      defaultStore: 'postgres-default',
      visibilityStore: 'postgres-visibility',
      numHistoryShards: settings.shards,
      datastores: { 'postgres-default': store(settings.databases.default, 20), 'postgres-visibility': store(settings.databases.visibility, 10) },
    },
    global: {
      membership: { maxJoinDuration: '30s', broadcastAddress: '127.0.0.1' },
      tls: {
        internode: { server, client },
        frontend: { server, client },
        systemWorker: { certFile: certificates.client.cert, keyFile: certificates.client.key, client },
      },
      metrics: { prometheus: { framework: 'tally', timerType: 'histogram', listenAddress: `127.0.0.1:${ports.metrics}` } },
    },
    services: {
      frontend: service(ports.frontend, { httpPort: ports.http }),
      history: service(ports.history),
      matching: service(ports.matching),
      worker: service(ports.worker),
    },
    clusterMetadata: {
      enableGlobalNamespace: false,
      failoverVersionIncrement: 10,
      masterClusterName: 'active',
      currentClusterName: 'active',
      clusterInformation: { active: { enabled: true, initialFailoverVersion: 1, rpcName: 'frontend', rpcAddress: `127.0.0.1:${ports.frontend}` } },
    },
    dcRedirectionPolicy: { policy: 'noop' },
    dynamicConfigClient: { filepath: settings.dynamicConfigFile, pollInterval: '10s' },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** The web UI's configuration: the frontend over mTLS with the client certificate. */
export function temporalUiConfig(settings: Pick<TemporalServerSettings, 'ports' | 'certificates'>): string {
  const { ports, certificates } = settings;
  return `${JSON.stringify(
    {
      temporalGrpcAddress: `127.0.0.1:${ports.frontend}`,
      host: '127.0.0.1',
      port: ports.ui,
      enableUi: true,
      defaultNamespace: 'default',
      cors: { allowOrigins: [`http://localhost:${ports.ui}`] },
      tls: {
        caFile: certificates.ca.cert,
        certFile: certificates.client.cert,
        keyFile: certificates.client.key,
        serverName: certificates.serverName,
        enableHostVerification: true,
      },
    },
    null,
    2,
  )}\n`;
}
