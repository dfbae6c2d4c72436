import type { Setting } from './setting';

/** Settings of the service: where it listens, its stores, the worker and how long a call may run (schema/config.ts gathers the groups). */
export const serviceSettings = {
  appEnv: { env: 'APP_ENV', kind: 'string', default: 'development', doc: '`development`, `test` or `production` (production refuses unsafe defaults).' },
  port: { env: 'PORT', kind: 'int', default: '3000', doc: 'HTTP port of the API.' },
  host: {
    env: 'HOST',
    kind: 'string',
    // Development lets outgoing requests reach loopback: listening on every interface would lend that to the LAN.
    default: (e) => (e === 'production' ? '0.0.0.0' : '127.0.0.1'),
    doc: 'Interface the API listens on. Loopback only outside production (there outgoing requests may reach loopback); set 0.0.0.0 to serve the network.',
  },
  publicBaseUrl: { env: 'PUBLIC_BASE_URL', kind: 'url', default: 'http://localhost:3000', doc: 'Address callers use; links in errors and docs point here.' },
  databaseUrl: {
    env: 'DATABASE_URL',
    kind: 'string',
    default: '',
    doc: 'PostgreSQL to use. Empty: `npm start`/`npm test` run a local cluster under DATA_DIR on PG_PORT.',
  },
  pgPort: { env: 'PG_PORT', kind: 'int', default: '54329', doc: 'Port of the local PostgreSQL cluster started when DATABASE_URL is empty.' },
  pgPrepareThreshold: {
    env: 'PG_PREPARE_THRESHOLD',
    kind: 'int',
    default: '3',
    doc: 'Runs of a parameterised SQL text on a connection before it becomes a server-side prepared statement there (PostgreSQL then skips parsing and planning it); 0 turns this off, as PgBouncer in transaction mode before 1.21 needs.',
  },
  embeddedWorker: {
    env: 'EMBEDDED_WORKER',
    kind: 'bool',
    default: 'true',
    doc: 'Run a worker inside the API process and start workflows eagerly on it (saves a round trip per call). Standalone workers serve the same queue either way.',
  },
  dataDir: { env: 'DATA_DIR', kind: 'string', default: '.data', doc: 'Where local services keep their data (PostgreSQL cluster, Temporal SQLite file).' },
  logLevel: { env: 'LOG_LEVEL', kind: 'string', default: (e) => (e === 'test' ? 'warn' : 'info'), doc: 'pino log level.' },
  callTimeoutSeconds: {
    env: 'CALL_TIMEOUT_SECONDS',
    kind: 'int',
    default: '120',
    doc: "How long a request waits for its call's workflow; after that it answers 503 and the same X-Request-Id collects the result later.",
  },
} as const satisfies Record<string, Setting>;
