/**
 * Every setting of the service: its variable, its default and what it means. Read once at start
 * (core/config/loadConfig.ts), validated, then passed down. Each group lives where its story is (a feature's settings
 * in its schema folder, the service's own in schema/settings/); docs/configuration.md's tables are generated from the groups.
 */
import type { Micros } from './money';
import { type Environment, type Kind } from './settings/setting';
import { serviceSettings } from './settings/serviceSettings';
import { temporalSettings } from './settings/temporalSettings';
import { observabilitySettings } from './settings/observabilitySettings';
import { admissionSettings } from './settings/admissionSettings';
import { moneySettings } from './settings/moneySettings';
import { x402Settings } from './settings/x402Settings';
import { webhookSettings } from './webhooks/webhookSettings';
import { relaySettings } from './relay/relaySettings';
import { fileSettings } from './files/fileSettings';
import { modelSettings } from './models/modelSettings';
import { scrapingSettings } from './scraping/scrapingSettings';
import { catalogSettings } from './catalog/catalogSettings';
import { codeSettings } from './code/codeSettings';
import { agentNetworkSettings } from './networkAgents/agentNetworkSettings';
import { dataSettings } from './data/dataSettings';
import { searchSettings } from './search/searchSettings';
import { auditSettings } from './audit/auditSettings';

export type { Environment, Kind, Setting } from './settings/setting';

/** The groups in the order docs/configuration.md lists them, each with the heading it has there. */
export const SETTING_GROUPS = [
  { title: 'The service: where it listens, its stores, the worker, how long a call may run', settings: serviceSettings },
  { title: 'Temporal: where it is and how to connect (TLS, mTLS, API key), as Temporal’s own tools are configured', settings: temporalSettings },
  { title: 'Observability: metrics and traces', settings: observabilitySettings },
  { title: 'Admission: maintenance, request bodies, rate limits, the free tier', settings: admissionSettings },
  { title: 'Money: trial credit, discounts, the operator, metered pricing', settings: moneySettings },
  { title: 'x402 payments: who is paid, in what, how a payment is settled', settings: x402Settings },
  { title: 'Webhooks: signing and delivery', settings: webhookSettings },
  { title: 'The inbound relay', settings: relaySettings },
  { title: 'Files: sizes, quotas, signed links', settings: fileSettings },
  { title: 'Model providers', settings: modelSettings },
  { title: 'Pages: reading, scraping, crawling, platform scrapes (Apify)', settings: scrapingSettings },
  { title: 'The API catalogue', settings: catalogSettings },
  { title: 'The code sandbox', settings: codeSettings },
  { title: 'The agent network: wallet sessions, tasks, broadcasts, the marketplace, custom agents', settings: agentNetworkSettings },
  { title: 'Data lookups: upstreams, caches, DNS, the screenshot browser', settings: dataSettings },
  { title: 'Search and research', settings: searchSettings },
  { title: 'The tamper-evident event log: checkpoint signing', settings: auditSettings },
] as const;

export const SETTINGS = {
  ...serviceSettings,
  ...temporalSettings,
  ...observabilitySettings,
  ...admissionSettings,
  ...moneySettings,
  ...x402Settings,
  ...webhookSettings,
  ...relaySettings,
  ...fileSettings,
  ...modelSettings,
  ...scrapingSettings,
  ...catalogSettings,
  ...codeSettings,
  ...agentNetworkSettings,
  ...dataSettings,
  ...searchSettings,
  ...auditSettings,
} as const;

export type SettingKey = keyof typeof SETTINGS;
type ValueOf<K extends Kind> = K extends 'int' ? number : K extends 'usd' ? Micros : K extends 'bool' ? boolean : K extends 'list' ? string[] : string;
export type Config = { readonly [K in SettingKey]: ValueOf<(typeof SETTINGS)[K]['kind']> } & { readonly environment: Environment };
