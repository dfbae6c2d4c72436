import type { Setting } from './setting';

/**
 * Where Temporal is and how to reach it, in Temporal's own environment configuration (the variables and TOML profiles
 * of its CLI and SDKs, read by @temporalio/envconfig: core/temporal/temporalTarget.ts): a plain dev server, a
 * self-hosted cluster behind TLS or mTLS, or Temporal Cloud with an API key. A variable set here wins over the profile.
 */
export const temporalSettings = {
  temporalAddress: {
    env: 'TEMPORAL_ADDRESS',
    kind: 'string',
    default: '',
    doc: 'Temporal frontend (host:port; Temporal Cloud: `<namespace>.<account>.tmprl.cloud:7233`, or the regional endpoint for an API key). Empty, and no profile naming one: a local `temporal server start-dev` is started on 7233.',
  },
  temporalNamespace: { env: 'TEMPORAL_NAMESPACE', kind: 'string', default: '', doc: 'Temporal namespace. Empty: the profile’s, else `default`.' },
  temporalProfile: {
    env: 'TEMPORAL_PROFILE',
    kind: 'string',
    default: '',
    doc: 'Profile of the TOML configuration file to use (Temporal’s own convention). Empty: `default`.',
  },
  temporalConfigFile: {
    env: 'TEMPORAL_CONFIG_FILE',
    kind: 'string',
    default: '',
    doc: 'Temporal’s TOML configuration file (profiles of address, namespace, TLS and API key). Empty: `~/.config/temporalio/temporal.toml` when it exists.',
  },
  temporalApiKey: {
    env: 'TEMPORAL_API_KEY',
    kind: 'string',
    default: '',
    doc: 'API key sent to Temporal as `Authorization: Bearer` (Temporal Cloud); turns TLS on. A key the server refuses stops the start, naming this variable.',
  },
  temporalTls: {
    env: 'TEMPORAL_TLS',
    kind: 'string',
    default: '',
    doc: '`true`: TLS with the system’s CAs; `false`: plaintext even with the settings below. Empty: TLS when a TLS setting or an API key is given.',
  },
  temporalTlsServerName: {
    env: 'TEMPORAL_TLS_SERVER_NAME',
    kind: 'string',
    default: '',
    doc: 'Name the server’s certificate is checked against, when it is not the address’s host.',
  },
  temporalTlsServerCaCertPath: {
    env: 'TEMPORAL_TLS_SERVER_CA_CERT_PATH',
    kind: 'string',
    default: '',
    doc: 'PEM file of the CA that signed the server’s certificate (a self-hosted cluster’s own CA). Empty: the system’s CAs.',
  },
  temporalTlsServerCaCertData: { env: 'TEMPORAL_TLS_SERVER_CA_CERT_DATA', kind: 'string', default: '', doc: 'The same CA as PEM text, for a secret store.' },
  temporalTlsClientCertPath: {
    env: 'TEMPORAL_TLS_CLIENT_CERT_PATH',
    kind: 'string',
    default: '',
    doc: 'PEM file of this service’s client certificate, for a server that wants mTLS (Temporal Cloud with certificates).',
  },
  temporalTlsClientCertData: { env: 'TEMPORAL_TLS_CLIENT_CERT_DATA', kind: 'string', default: '', doc: 'The client certificate as PEM text.' },
  temporalTlsClientKeyPath: { env: 'TEMPORAL_TLS_CLIENT_KEY_PATH', kind: 'string', default: '', doc: 'PEM file of the client certificate’s private key.' },
  temporalTlsClientKeyData: { env: 'TEMPORAL_TLS_CLIENT_KEY_DATA', kind: 'string', default: '', doc: 'The client key as PEM text.' },
  temporalConnectTimeoutSeconds: {
    env: 'TEMPORAL_CONNECT_TIMEOUT_SECONDS',
    kind: 'int',
    default: '15',
    doc: 'How long the start-up check may take to reach Temporal and find the namespace before the start stops, saying what failed.',
  },
  taskQueue: { env: 'TEMPORAL_TASK_QUEUE', kind: 'string', default: 'tool-calls', doc: 'Task queue of tool-call workflows and their activities.' },
  workerVersioning: {
    env: 'WORKER_VERSIONING',
    kind: 'bool',
    default: (env) => (env === 'test' ? 'false' : 'true'),
    doc: 'Workers declare a Worker Deployment Version (`WORKER_DEPLOYMENT_NAME` + `WORKER_BUILD_ID`): a workflow type marked pinned finishes on the version it started on, the others move to the current version (workflows/versioning.ts; docs/operating.md, "Upgrading"). `false`: unversioned workers (every workflow on whichever worker polls). Off in tests, which make a task queue each.',
  },
  workerDeploymentName: {
    env: 'WORKER_DEPLOYMENT_NAME',
    kind: 'string',
    default: 'toolgate',
    doc: 'Name of the Worker Deployment the workers join (one per service and namespace: its current version takes the new workflows of every task queue it polls).',
  },
  workerBuildId: {
    env: 'WORKER_BUILD_ID',
    kind: 'string',
    default: '',
    doc: 'The workers’ build id. Empty: the release, `<package.json version>-<git commit, 12 digits>`, or the version and a digest of the workflow bundle where there is no git (an image).',
  },
  workerVersionRollout: {
    env: 'WORKER_VERSION_ROLLOUT',
    kind: 'string',
    default: 'immediate',
    doc: '`immediate`: a worker makes its version current as soon as it polls (one host: `npm start`, docker compose), and running workflows pinned to a version no worker polls any more move to it. `manual`: only the first version becomes current by itself; later ones wait for the operator to ramp and promote them (docs/operating.md, "Upgrading").',
  },
  temporalUiUrl: { env: 'TEMPORAL_UI_URL', kind: 'url', default: 'http://localhost:8233', doc: 'Temporal Web UI, linked from /status.' },
} as const satisfies Record<string, Setting>;
