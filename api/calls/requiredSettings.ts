import { SETTINGS, type Config } from '../../schema/config';
import type { ToolEntry } from '../../schema/registry/types';
import { ServiceUnavailable } from '../errors/httpErrors';

/**
 * A tool whose third-party service has no credential here (its entry's `requires`) is refused before anything is
 * held or any payment claimed: 503 naming the variable the operator must set.
 */
export function missingSettingProblem(entry: ToolEntry, config: Config): ServiceUnavailable | null {
  const missing = (entry.requires ?? []).find((key) => !config[key]);
  if (!missing) return null;
  const variable = SETTINGS[missing].env;
  return new ServiceUnavailable(`${entry.path} is not available: ${variable} is not set on this service`, 300, 'tool_unavailable', {
    hint: `The operator sets ${variable} (${SETTINGS[missing].doc})`,
    missing_setting: variable,
  });
}
