import type { Setting } from './setting';

/** Settings of admission: maintenance, request bodies, rate limits, the free tier (schema/config.ts gathers the groups). */
export const admissionSettings = {
  maintenanceMode: { env: 'MAINTENANCE_MODE', kind: 'bool', default: 'false', doc: 'Answer every request but /health with 503.' },
  admissionInitialLimit: {
    env: 'ADMISSION_INITIAL_LIMIT',
    kind: 'int',
    // Off in tests, which race many calls at once to prove money and limits exact; the admission tests set their own.
    default: (e) => (e === 'test' ? '0' : '16'),
    doc: 'Paid calls a process admits in flight at first, in each pool (calls run in the worker, calls waiting on an upstream); each limit then follows measured latency (api/admission/). 0 turns admission control off (the default in tests).',
  },
  admissionMinLimit: { env: 'ADMISSION_MIN_LIMIT', kind: 'int', default: '3', doc: 'Fewest paid calls a pool admits in flight, however slow calls get.' },
  admissionMaxLimit: {
    env: 'ADMISSION_MAX_LIMIT',
    kind: 'int',
    default: '256',
    doc: 'Most paid calls a pool admits in flight, however fast they stay (bounds memory and connections).',
  },
  admissionRetryAfterSeconds: {
    env: 'ADMISSION_RETRY_AFTER_SECONDS',
    kind: 'int',
    default: '1',
    doc: 'Retry-After of a call refused 503 `overloaded`.',
  },
  admissionShareSeconds: {
    env: 'ADMISSION_SHARE_SECONDS',
    kind: 'int',
    default: '2',
    doc: "How long a caller (its credentials, or its address) counts as using a pool after its last call: while others use it, none holds more than its share of the pool's places. 0: first come, first served.",
  },
  maintenanceRetryAfter: { env: 'MAINTENANCE_RETRY_AFTER', kind: 'int', default: '300', doc: 'Seconds announced in Retry-After during maintenance.' },
  rateLimitPerMinute: { env: 'RATE_LIMIT_PER_MINUTE', kind: 'int', default: '60', doc: 'Requests per minute per client IP.' },
  keyRateLimitPerMinute: {
    env: 'KEY_RATE_LIMIT_PER_MINUTE',
    kind: 'int',
    default: '600',
    doc: 'Requests per minute per API key (replaces the IP limit for keyed calls).',
  },
  trustedProxies: { env: 'TRUSTED_PROXIES', kind: 'list', default: '', doc: 'Comma list of proxy IPs or CIDRs whose X-Forwarded-For is believed.' },
  corsOrigins: {
    env: 'CORS_ORIGINS',
    kind: 'list',
    default: '*',
    doc: 'Web origins whose pages may call the API from a browser (comma list, e.g. `https://app.example.com`), or `*` for any: credentials travel in headers, never in cookies, so a page elsewhere can send only what its user gives it. Empty: none.',
  },
  freeTierDaily: { env: 'FREE_TIER_DAILY', kind: 'int', default: '3', doc: 'AI calls per day per IP without credentials (resets 00:00 UTC).' },
  mcpFreeDaily: { env: 'MCP_FREE_DAILY', kind: 'int', default: '10', doc: 'MCP calls per day per client without a key.' },
  mcpPageSize: {
    env: 'MCP_PAGE_SIZE',
    kind: 'int',
    default: '30',
    doc: 'Tools in one page of MCP tools/list (the rest follow its nextCursor); 0 lists them all at once, for hosts that read one page only.',
  },
  trialKeysPerIpDaily: {
    env: 'TRIAL_KEYS_PER_IP_DAILY',
    kind: 'int',
    default: '3',
    doc: 'Keys with trial credit one IP may create per UTC day (stops trial-credit farming).',
  },
  maxBodyBytes: {
    env: 'MAX_BODY_BYTES',
    kind: 'int',
    default: '1048576',
    doc: 'Largest JSON body accepted, counted after decoding a compressed one (413 above it).',
  },
} as const satisfies Record<string, Setting>;
