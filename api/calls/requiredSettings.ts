import { SETTINGS, type Config } from '../../schema/config';
import type { ToolEntry } from '../../schema/registry/types';
import { NotConfigured } from '../errors/httpErrors';

/**
 * A tool whose third-party service has no credential here (its entry's `requires`) is refused before anything is
 * held or any payment claimed: 503 not_configured naming the variables the operator must set.
 */
export function missingSettingProblem(entry: ToolEntry, config: Config): NotConfigured | null {
  const missing = (entry.requires ?? []).filter((key) => !config[key]);
  if (missing.length === 0) return null;
  const variables = missing.map((key) => SETTINGS[key].env);
  return new NotConfigured(
    `${entry.path} is not available: ${variables.join(' and ')} ${variables.length > 1 ? 'are' : 'is'} not set on this service`,
    `The operator sets ${missing.map((key) => `${SETTINGS[key].env} (${SETTINGS[key].doc})`).join(' and ')}. Nothing was charged.`,
    variables,
  );
}
