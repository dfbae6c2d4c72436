import type { Setting } from '../settings/setting';

/** Settings of the API catalogue (schema/config.ts gathers the groups). */
export const catalogSettings = {
  catalogSeed: {
    env: 'CATALOG_SEED',
    kind: 'bool',
    default: 'true',
    doc: 'At start, load the bundled API catalogue (APIs.guru, built by scripts/buildCatalogue.ts) into the event log, once.',
  },
  catalogDirectoryUrl: {
    env: 'CATALOG_DIRECTORY_URL',
    kind: 'url',
    default: 'https://api.apis.guru/v2/list.json',
    doc: 'Directory POST /run-discovery imports from (the APIs.guru list.json format).',
  },
  catalogResponseMaxBytes: {
    env: 'CATALOG_RESPONSE_MAX_BYTES',
    kind: 'int',
    default: '262144',
    doc: 'Largest upstream answer /catalog/{id}/invoke and /api-call pass on.',
  },
  catalogProbeTimeoutSeconds: {
    env: 'CATALOG_PROBE_TIMEOUT_SECONDS',
    kind: 'int',
    default: '5',
    doc: "How long discovery's health probe waits for an API's base URL to answer.",
  },
} as const satisfies Record<string, Setting>;
