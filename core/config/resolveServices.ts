import type { Config } from '../../schema/config';
import { temporalTarget, type TemporalTarget } from '../temporal/temporalTarget';

/** Where PostgreSQL and Temporal are: as configured, or the local ones `npm start` runs. */
export function resolveServices(config: Config): { databaseUrl: string; temporal: TemporalTarget } {
  return {
    databaseUrl:
      config.databaseUrl || `postgres://toolgate:toolgate@127.0.0.1:${config.pgPort}/${config.environment === 'test' ? 'toolgate_test' : 'toolgate'}`,
    temporal: temporalTarget(config),
  };
}
