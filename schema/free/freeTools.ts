import { micros } from '../money';
import { object } from '../registry/fields';
import type { ToolDraft } from '../registry/types';

const free = micros(0);
const inline = { price: free, premium: false, freeTier: false, execution: 'inline', model: 'none' } as const;

/** Utilities that cost nothing and need nothing: the API answers them itself. */
export const freeTools = [
  {
    ...inline,
    name: 'health',
    title: 'Health check',
    path: '/health',
    method: 'GET',
    category: 'system',
    summary: 'Liveness and the state of the database and Temporal',
    input: object({}),
    output: object({ status: { enum: ['ok', 'degraded'] }, checks: { type: 'object' }, version: { type: 'string' }, uptime_s: { type: 'integer' } }, [
      'status',
    ]),
  },
  {
    ...inline,
    name: 'status',
    title: 'Service status',
    path: '/status',
    method: 'GET',
    category: 'system',
    summary: 'Service status, version, limits and where to watch work (Temporal UI)',
    input: object({}),
    output: object(
      {
        status: { enum: ['operational', 'degraded', 'maintenance'] },
        service: { type: 'string' },
        version: { type: 'string' },
        environment: { type: 'string' },
        components: { type: 'object', additionalProperties: { enum: ['ok', 'down'] } },
        endpoints: { type: 'integer' },
        providers: {
          type: 'array',
          description: 'The configured model providers: failing while a worker keeps it out of `auto` after repeated failures (then `status` is degraded).',
          items: object(
            {
              name: { type: 'string' },
              state: { enum: ['ok', 'failing'] },
              failing_until: { type: 'string', format: 'date-time' },
              reason: { type: 'string' },
            },
            ['name', 'state'],
          ),
        },
        tools: object(
          {
            total: { type: 'integer' },
            available: { type: 'integer' },
            unavailable: {
              type: 'array',
              description: 'The tools this deployment cannot serve now, and why: a setting to set (not_configured) or their model providers failing.',
              items: object(
                {
                  path: { type: 'string' },
                  reason: { enum: ['not_configured', 'provider_failing'] },
                  message: { type: 'string' },
                  settings: { type: 'array', items: { type: 'string' } },
                },
                ['path', 'reason', 'message'],
              ),
            },
          },
          ['total', 'available', 'unavailable'],
        ),
        limits: { type: 'object', additionalProperties: { type: 'integer' } },
        operators: object({ temporal_ui: { type: 'string' }, task_queue: { type: 'string' }, search_attributes: { type: 'array', items: { type: 'string' } } }),
        time: { type: 'string', format: 'date-time' },
      },
      ['status', 'service', 'version'],
    ),
  },
  {
    ...inline,
    name: 'free/time',
    title: 'Current time',
    path: '/free/time',
    method: 'GET',
    category: 'free',
    summary: 'Current time in UTC or an IANA time zone',
    input: object({ tz: { type: 'string', minLength: 1, maxLength: 64, default: 'UTC', description: 'IANA zone, e.g. Europe/Paris' } }),
    output: object(
      {
        iso: { type: 'string' },
        unix: { type: 'integer' },
        unix_ms: { type: 'integer' },
        timezone: { type: 'string' },
        local: { type: 'string', description: 'Wall-clock time in the zone, ISO-like without offset.' },
        day_of_week: { type: 'string' },
      },
      ['iso', 'unix', 'timezone'],
    ),
  },
  {
    ...inline,
    name: 'free/uuid',
    title: 'Random UUIDs',
    path: '/free/uuid',
    method: 'GET',
    category: 'free',
    summary: 'Random (v4) UUIDs',
    input: object({ count: { type: 'integer', minimum: 1, maximum: 100, default: 1 } }),
    output: object({ uuid: { type: 'string' }, uuids: { type: 'array', items: { type: 'string' } } }, ['uuid']),
  },
  {
    ...inline,
    name: 'free/ip',
    title: 'Your IP address',
    path: '/free/ip',
    method: 'GET',
    category: 'free',
    summary: "The caller's IP address as the service sees it",
    input: object({}),
    output: object({ ip: { type: 'string' }, version: { enum: [4, 6] } }, ['ip', 'version']),
  },
  {
    ...inline,
    name: 'free/hash',
    title: 'Hash a text',
    path: '/free/hash',
    method: 'GET',
    category: 'free',
    summary: 'Hash of a text (md5, sha1, sha256, sha512)',
    input: object({ text: { type: 'string', maxLength: 10_000 }, algorithm: { enum: ['md5', 'sha1', 'sha256', 'sha512'], default: 'sha256' } }, ['text']),
    output: object({ algorithm: { type: 'string' }, hash: { type: 'string' }, encoding: { const: 'hex' } }, ['algorithm', 'hash']),
  },
  {
    ...inline,
    name: 'free/base64',
    title: 'Base64 encode or decode',
    path: '/free/base64',
    method: 'GET',
    category: 'free',
    summary: 'Base64 encode or decode a text',
    input: object(
      { text: { type: 'string', maxLength: 10_000 }, mode: { enum: ['encode', 'decode'], default: 'encode' }, url_safe: { type: 'boolean', default: false } },
      ['text'],
    ),
    output: object({ mode: { type: 'string' }, result: { type: 'string' } }, ['mode', 'result']),
  },
  {
    ...inline,
    name: 'free/random',
    title: 'Random integers',
    path: '/free/random',
    method: 'GET',
    category: 'free',
    summary: 'Cryptographically random integers in a range',
    input: object({
      min: { type: 'integer', default: 1, minimum: -1_000_000_000_000, maximum: 1_000_000_000_000 },
      max: { type: 'integer', default: 100, minimum: -1_000_000_000_000, maximum: 1_000_000_000_000 },
      count: { type: 'integer', minimum: 1, maximum: 100, default: 1 },
    }),
    output: object({ value: { type: 'integer' }, values: { type: 'array', items: { type: 'integer' } }, min: { type: 'integer' }, max: { type: 'integer' } }, [
      'value',
    ]),
  },
] as const satisfies readonly ToolDraft[];
