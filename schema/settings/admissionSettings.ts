import type { Setting } from './setting';

/** Settings of admission: maintenance, request bodies, rate limits, the free tier (schema/config.ts gathers the groups). */
export const admissionSettings = {
  maintenanceMode: { env: 'MAINTENANCE_MODE', kind: 'bool', default: 'false', doc: 'Answer every request but /health with 503.' },
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
