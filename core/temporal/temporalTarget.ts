import type { TLSConfig } from '@temporalio/common/lib/internal-non-workflow';
import { loadClientConnectConfig } from '@temporalio/envconfig';
import type { Config } from '../../schema/config';
import { SETTINGS } from '../../schema/config';
import { TemporalSettingError } from './temporalSettingError';

/** The dev server `npm start` runs when no Temporal is configured. */
export const LOCAL_TEMPORAL_ADDRESS = '127.0.0.1:7233';

/** How to reach one Temporal: what both the client (`Connection`) and the worker (`NativeConnection`) take. */
export interface TemporalConnectionOptions {
  readonly address: string;
  readonly tls?: TLSConfig | boolean;
  readonly apiKey?: string;
  readonly metadata?: Record<string, string>;
}

export interface TemporalTarget {
  readonly namespace: string;
  readonly connection: TemporalConnectionOptions;
  /** How it is reached, for logs and errors: `plaintext`, `TLS`, `mTLS`, with `an API key`. */
  readonly security: string;
  /** Whether an address was configured (a variable or a profile); false: the local dev server's. */
  readonly configured: boolean;
}

/** The settings that are Temporal's own environment configuration, by their variable. */
const ENV_CONFIG_SETTINGS = [
  'temporalAddress',
  'temporalNamespace',
  'temporalProfile',
  'temporalConfigFile',
  'temporalApiKey',
  'temporalTls',
  'temporalTlsServerName',
  'temporalTlsServerCaCertPath',
  'temporalTlsServerCaCertData',
  'temporalTlsClientCertPath',
  'temporalTlsClientCertData',
  'temporalTlsClientKeyPath',
  'temporalTlsClientKeyData',
] as const;

/**
 * The one place a Temporal connection is described, for the API, both workers, schedule and search-attribute
 * registration and every script: Temporal's environment configuration (@temporalio/envconfig: the TEMPORAL_*
 * variables, read once into the configuration, over a TOML profile) with `address` in place of the configured one
 * when the caller started a server itself. A file the settings name that cannot be read stops here, naming the setting.
 */
export function temporalTarget(config: Config, address?: string): TemporalTarget {
  const env: Record<string, string> = {};
  for (const key of ENV_CONFIG_SETTINGS) if (config[key]) env[SETTINGS[key].env] = config[key];
  if (address) env.TEMPORAL_ADDRESS = address;
  let loaded: ReturnType<typeof loadClientConnectConfig>;
  try {
    loaded = loadClientConnectConfig({ ...(config.temporalProfile ? { profile: config.temporalProfile } : {}), overrideEnvVars: env });
  } catch (error) {
    throw settingProblem(error, config);
  }
  const { connectionOptions, namespace } = loaded;
  const configured = Boolean(connectionOptions.address);
  const connection: TemporalConnectionOptions = {
    address: connectionOptions.address ?? LOCAL_TEMPORAL_ADDRESS,
    ...(connectionOptions.tls !== undefined && connectionOptions.tls !== null ? { tls: connectionOptions.tls } : {}),
    ...(typeof connectionOptions.apiKey === 'string' && connectionOptions.apiKey ? { apiKey: connectionOptions.apiKey } : {}),
    ...(connectionOptions.metadata ? { metadata: connectionOptions.metadata as Record<string, string> } : {}),
  };
  return { namespace: namespace || 'default', connection, security: securityOf(connection), configured };
}

function securityOf(connection: TemporalConnectionOptions): string {
  const tls = connection.tls;
  const mode = !tls ? 'plaintext' : typeof tls === 'object' && tls.clientCertPair ? 'mTLS' : 'TLS';
  return connection.apiKey ? `${mode} with an API key` : mode;
}

/** A file a TLS setting names that could not be read, or a profile that does not load: said with the setting. */
function settingProblem(error: unknown, config: Config): TemporalSettingError {
  const message = (error as Error).message;
  for (const key of ['temporalTlsServerCaCertPath', 'temporalTlsClientCertPath', 'temporalTlsClientKeyPath', 'temporalConfigFile'] as const) {
    const file = config[key];
    if (file && message.includes(file)) return new TemporalSettingError(SETTINGS[key].env, `cannot read ${file}: ${message}`);
  }
  return new TemporalSettingError(config.temporalProfile ? SETTINGS.temporalProfile.env : SETTINGS.temporalConfigFile.env, message);
}

/** A plaintext server of our own (the dev server `npm start` runs, a chaos run's): no TLS, no key. */
export function plaintextTarget(address: string, namespace = 'default'): TemporalTarget {
  return { namespace, connection: { address }, security: 'plaintext', configured: false };
}
