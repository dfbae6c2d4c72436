import { ConfigError } from '../config/loadConfig';
import { TemporalSettingError } from '../temporal/temporalSettingError';

/**
 * How a process of the service reports a start that cannot go on, and exits: a setting to change (the configuration,
 * a Temporal connection) in one line that names it; anything else with its stack.
 */
export function exitOnStartFailure(name: string): (error: unknown) => never {
  return (error) => {
    if (error instanceof TemporalSettingError || error instanceof ConfigError) console.error(`${name} cannot start: ${error.message}`);
    else console.error(error);
    process.exit(1);
  };
}
