import { inline, int, keyLimits, num } from './accountShapes';
import { object } from '../registry/fields';
import type { ToolDraft } from '../registry/types';

const topTools = { type: 'array', items: object({ tool: { type: 'string' }, calls: { type: 'integer' }, spent_usd: { type: 'number' } }) } as const;

/** A key's usage record (§2): masked key, balance, calls, top tools, plus what it holds and the discount in force. */
const usageRecord = object(
  {
    key: { type: 'string', description: 'masked' },
    key_id: { type: 'string' },
    label: { type: ['string', 'null'] },
    balance_usd: { type: 'number' },
    reserved_usd: { type: 'number', description: 'Held by calls still running.' },
    spent_usd: { type: 'number' },
    calls_today: { type: 'integer' },
    total_calls: { type: 'integer' },
    created_at: { type: 'string', format: 'date-time' },
    last_used_at: { type: ['string', 'null'] },
    top_tools: topTools,
    discount: object({ active: { type: 'boolean' }, percent: { type: 'number' }, from_balance_usd: { type: 'number' } }, [
      'active',
      'percent',
      'from_balance_usd',
    ]),
    rate_limit_per_minute: { type: 'integer', description: "The key's requests per minute (its rpm, else the deployment's)." },
    limits: keyLimits,
    manage_keys: { type: 'boolean' },
  },
  ['key', 'balance_usd', 'calls_today', 'total_calls', 'created_at', 'top_tools'],
);

/** What a wallet has paid with x402 (/api/usage?wallet=): the same figures from the wallet's account. */
const walletUsage = object(
  {
    wallet: { type: 'string' },
    total_paid_usd: { type: 'number' },
    payments: { type: 'integer' },
    calls_today: { type: 'integer' },
    total_calls: { type: 'integer' },
    created_at: { type: ['string', 'null'], description: 'First payment; null when the wallet never paid.' },
    last_used_at: { type: ['string', 'null'] },
    top_tools: topTools,
  },
  ['wallet', 'total_paid_usd', 'payments', 'calls_today', 'total_calls', 'top_tools'],
);

/** A key's own account: a trial key, its status and usage, the dashboard. */
export const usageTools = [
  {
    ...inline,
    name: 'auth/generate-key',
    title: 'Create a key',
    path: '/auth/generate-key',
    method: 'POST',
    access: 'open',
    summary: 'Create an API key with free trial credit (shown once; only its hash is kept)',
    input: object({ label: { type: 'string', maxLength: 100 } }),
    aliases: { name: 'label' },
    output: object(
      {
        key: { type: 'string' },
        key_id: { type: 'string' },
        label: { type: ['string', 'null'] },
        balance_usd: { type: 'number' },
        created_at: { type: 'string' },
        note: { type: 'string' },
        usage: object({ header: { type: 'string' }, example: { type: 'string' } }, ['header', 'example']),
      },
      ['key', 'balance_usd'],
    ),
    example: { label: 'my-agent' },
  },
  {
    ...inline,
    name: 'auth/status',
    title: 'Key status',
    path: '/auth/status',
    method: 'GET',
    access: 'key',
    summary: 'Balance, calls and last use of the calling key',
    input: object({}),
    output: usageRecord,
  },
  {
    ...inline,
    name: 'api/usage',
    title: 'Usage of a key or wallet',
    path: '/api/usage',
    method: 'GET',
    access: 'open',
    keyInQuery: true,
    summary: 'Usage record of a key (pass it as ?key=), or the x402 spend of a wallet (?wallet=0x…)',
    input: object({ wallet: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$', description: 'A paying wallet address' } }),
    output: { anyOf: [usageRecord, walletUsage] },
  },
  {
    ...inline,
    name: 'api/usage/daily',
    title: 'Usage per day',
    path: '/api/usage/daily',
    method: 'GET',
    access: 'key',
    summary: "The calling key's calls and spend per UTC day, and per tool, over the last `days` days",
    input: object({ days: { type: 'integer', minimum: 1, maximum: 366, default: 30, description: 'How many days back, today included.' } }),
    output: object(
      {
        from: { type: 'string', format: 'date' },
        to: { type: 'string', format: 'date' },
        days: {
          type: 'array',
          description: 'Every day of the window, oldest first (days without calls included, at zero).',
          items: object({ day: { type: 'string', format: 'date' }, calls: int, failed: int, spent_usd: num }, ['day', 'calls', 'failed', 'spent_usd']),
        },
        tools: { type: 'array', items: object({ tool: { type: 'string' }, calls: int, spent_usd: num }, ['tool', 'calls', 'spent_usd']) },
        total: object({ calls: int, spent_usd: num }, ['calls', 'spent_usd']),
      },
      ['from', 'to', 'days', 'tools', 'total'],
    ),
    example: { days: 7 },
  },
  {
    ...inline,
    name: 'api/usage/calls',
    title: 'Recent calls',
    path: '/api/usage/calls',
    method: 'GET',
    access: 'key',
    summary: "The calling key's calls, newest first, with status, model, tokens and cost; paginated with `cursor`",
    input: object({
      limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      cursor: { type: 'string', maxLength: 200, description: 'The `next_cursor` of the previous page.' },
      tool: { type: 'string', maxLength: 100, description: 'Only calls of this tool (its name, e.g. `sentiment`).' },
      status: { enum: ['running', 'completed', 'failed'], description: 'Only calls in this state.' },
    }),
    output: object(
      {
        calls: {
          type: 'array',
          items: object(
            {
              call_id: { type: 'string' },
              tool: { type: 'string' },
              status: { enum: ['running', 'completed', 'failed'] },
              model: { type: ['string', 'null'] },
              price_usd: num,
              cost_usd: num,
              tokens: object({ input: int, output: int }, ['input', 'output']),
              duration_ms: { type: ['integer', 'null'] },
              started_at: { type: 'string', format: 'date-time' },
              finished_at: { type: ['string', 'null'] },
            },
            ['call_id', 'tool', 'status', 'model', 'price_usd', 'cost_usd', 'tokens', 'started_at'],
          ),
        },
        next_cursor: { type: ['string', 'null'], description: 'Pass as `cursor` for the next page; null on the last.' },
      },
      ['calls', 'next_cursor'],
    ),
    example: { limit: 10 },
  },
  {
    ...inline,
    name: 'dashboard',
    title: 'Usage dashboard',
    path: '/dashboard',
    method: 'GET',
    access: 'open',
    summary:
      'Usage dashboard (HTML): balance, calls and spend per day and per tool, recent calls and webhook deliveries; the key is entered in the page and kept in the browser',
    input: object({}),
    output: { type: 'string' },
  },
] as const satisfies readonly ToolDraft[];
