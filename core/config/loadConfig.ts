import { type Config, type Environment, type Setting, type SettingKey, SETTINGS } from '../../schema/config';
import { temporalTarget } from '../temporal/temporalTarget';
import { usdToMicros } from '../../schema/money';

/** A setting that cannot be used as given: the process refuses to start, naming the variable. */
export class ConfigError extends Error {}

/** The configuration from the environment (SETTINGS: defaults, kinds), checked; refuses unsafe production settings. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const environment = parseEnvironment(env.APP_ENV ?? (env.NODE_ENV === 'test' ? 'test' : 'development'));
  const values: Record<string, unknown> = { environment };
  for (const [key, setting] of Object.entries(SETTINGS) as [SettingKey, Setting][]) {
    const fallback = typeof setting.default === 'function' ? setting.default(environment) : setting.default;
    const raw = env[setting.env] ?? fallback;
    values[key] = parse(setting, raw);
  }
  values.appEnv = environment;
  const config = values as Config;
  refuseUnsafeProduction(config);
  return config;
}

function parseEnvironment(value: string): Environment {
  if (value === 'development' || value === 'test' || value === 'production') return value;
  throw new ConfigError(`APP_ENV must be development, test or production, not "${value}"`);
}

function parse(setting: Setting, raw: string): unknown {
  switch (setting.kind) {
    case 'int': {
      const n = Number(raw);
      if (!Number.isSafeInteger(n) || n < 0) throw new ConfigError(`${setting.env} must be a whole number ≥ 0, not "${raw}"`);
      return n;
    }
    case 'usd': {
      if (!/^\d+(\.\d{1,6})?$/.test(raw)) throw new ConfigError(`${setting.env} must be a USD amount like 0.25, not "${raw}"`);
      return usdToMicros(raw);
    }
    case 'bool': {
      if (/^(1|true|yes|on)$/i.test(raw)) return true;
      if (/^(0|false|no|off|)$/i.test(raw)) return false;
      throw new ConfigError(`${setting.env} must be true or false, not "${raw}"`);
    }
    case 'list':
      return raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    case 'url': {
      try {
        return new URL(raw).toString().replace(/\/$/, '');
      } catch {
        throw new ConfigError(`${setting.env} must be a URL, not "${raw}"`);
      }
    }
    default:
      return raw;
  }
}

function refuseUnsafeProduction(config: Config): void {
  if (config.environment !== 'production') return;
  if (config.adminToken.length < 24) throw new ConfigError('ADMIN_TOKEN must be set to at least 24 characters in production');
  if (!config.databaseUrl) throw new ConfigError('DATABASE_URL must be set in production');
  if (!temporalTarget(config).configured) throw new ConfigError('TEMPORAL_ADDRESS (or a Temporal profile naming an address) must be set in production');
  if (config.webhookSigningKey.length < 32) throw new ConfigError('WEBHOOK_SIGNING_KEY must be set to at least 32 characters in production');
  if (config.agentSessionSecret.length < 32) throw new ConfigError('AGENT_SESSION_SECRET must be set to at least 32 characters in production');
  if (!/^[0-9a-fA-F]{64}$/.test(config.logSigningKey)) throw new ConfigError('LOG_SIGNING_KEY must be set to an Ed25519 seed (64 hex digits) in production');
}
