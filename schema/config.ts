/**
 * Every setting of the service: its variable, its default and what it means. Read once at start
 * (core/config/loadConfig.ts), validated, then passed down. The service's own groups live in schema/settings/; each
 * feature's group is its `settings` (schema/<feature>/feature.ts), gathered here from the list of features, so a
 * feature's settings are its folder's and its line in the list. docs/configuration.md's tables are generated from the groups.
 */
import type { Micros } from './money';
import { type Environment, type Kind, type Setting } from './settings/setting';
import { serviceSettings } from './settings/serviceSettings';
import { temporalSettings } from './settings/temporalSettings';
import { observabilitySettings } from './settings/observabilitySettings';
import { admissionSettings } from './settings/admissionSettings';
import { moneySettings } from './settings/moneySettings';
import { x402Settings } from './settings/x402Settings';
import { features, type Features } from './features';
import type { SettingGroup, UnionToIntersection } from './schemaFeature';

export type { Environment, Kind, Setting } from './settings/setting';

/** The service's own groups, first in docs/configuration.md, each with the heading it has there. */
const SERVICE_GROUPS = [
  { title: 'The service: where it listens, its stores, the worker, how long a call may run', settings: serviceSettings },
  { title: 'Temporal: where it is and how to connect (TLS, mTLS, API key), as Temporal’s own tools are configured', settings: temporalSettings },
  { title: 'Observability: metrics and traces', settings: observabilitySettings },
  { title: 'Admission: maintenance, request bodies, rate limits, the free tier', settings: admissionSettings },
  { title: 'Money: trial credit, discounts, the operator, metered pricing', settings: moneySettings },
  { title: 'x402 payments: who is paid, in what, how a payment is settled', settings: x402Settings },
] as const satisfies readonly SettingGroup[];

/** The groups in the order docs/configuration.md lists them: the service's, then each feature's in the list's order. */
export const SETTING_GROUPS: readonly SettingGroup[] = [
  ...SERVICE_GROUPS,
  ...Object.values(features as unknown as Record<string, { readonly settings?: SettingGroup }>).flatMap((feature) =>
    feature.settings ? [feature.settings] : [],
  ),
];

type ServiceSettings = UnionToIntersection<(typeof SERVICE_GROUPS)[number]['settings']>;
type FeatureSettings = UnionToIntersection<
  { [F in keyof Features]: Features[F] extends { readonly settings: { readonly settings: infer S } } ? S : never }[keyof Features]
>;
type AllSettings = ServiceSettings & FeatureSettings;

/** Every setting by its key. Two groups naming one key would be one setting silently overriding another: refused here. */
export const SETTINGS = SETTING_GROUPS.reduce<Record<string, Setting>>((all, group) => {
  for (const [key, setting] of Object.entries(group.settings)) {
    if (key in all) throw new Error(`setting ${key} is defined twice (${group.title})`);
    all[key] = setting;
  }
  return all;
}, {}) as unknown as AllSettings;

export type SettingKey = keyof AllSettings;
type ValueOf<K extends Kind> = K extends 'int' ? number : K extends 'usd' ? Micros : K extends 'bool' ? boolean : K extends 'list' ? string[] : string;
export type Config = { readonly [K in SettingKey]: ValueOf<AllSettings[K]['kind']> } & { readonly environment: Environment };
