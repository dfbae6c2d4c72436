import { micros } from '../money';
import { object } from '../registry/fields';
import type { JsonSchema, ToolDraft } from '../registry/types';

const int = { type: 'integer' } as const;
const num = { type: 'number' } as const;

const inline = { price: micros(0), premium: false, freeTier: false, execution: 'inline', model: 'none', category: 'account' } as const;
const usd = {
  type: 'number',
  exclusiveMinimum: 0,
  maximum: 10_000,
  description: 'US dollars, at most 6 decimals (USDC precision).',
} as const satisfies JsonSchema;

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
    rate_limit_per_minute: { type: 'integer' },
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

/** Keys, balances and credit: answered by the API from the event log's projections. */
export const accountTools = [
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
  {
    ...inline,
    name: 'auth/topup',
    title: 'Top up a key',
    errorStatuses: [402, 404],
    path: '/auth/topup',
    method: 'POST',
    access: 'key-or-operator',
    summary:
      'Add credit to the key the request is sent with, paid with x402 (402 for the amount, then the paid retry credits it); the operator credits any key with X-Admin-Token',
    input: object(
      {
        amount_usd: usd,
        key: {
          type: 'string',
          minLength: 8,
          description: 'Operator only (X-Admin-Token): the key to credit. A key holder names none: the key in Authorization is the one credited.',
        },
      },
      ['amount_usd'],
    ),
    output: object(
      {
        key: { type: 'string', description: 'masked' },
        key_id: { type: 'string' },
        added_usd: { type: 'number' },
        balance_usd: { type: 'number' },
        discount: object({ active: { type: 'boolean' }, percent: { type: 'number' }, from_balance_usd: { type: 'number' } }, [
          'active',
          'percent',
          'from_balance_usd',
        ]),
        paid_with: { const: 'x402' },
      },
      ['key', 'added_usd', 'balance_usd'],
    ),
    example: { amount_usd: 5 },
  },
  {
    ...inline,
    name: 'credits/buy',
    title: 'Buy credit with x402',
    errorStatuses: [402],
    path: '/credits/buy',
    method: 'POST',
    access: 'open',
    summary: 'Buy credit with an x402 USDC payment; returns a new key in `key`',
    input: object({ amount_usd: usd, label: { type: 'string', maxLength: 100 } }, ['amount_usd']),
    aliases: { name: 'label' },
    output: object({ key: { type: 'string' }, balance_usd: { type: 'number' } }, ['key', 'balance_usd']),
  },
  {
    ...inline,
    name: 'buy-credits',
    title: 'Prices and ways to pay',
    path: '/buy-credits',
    method: 'GET',
    access: 'open',
    summary: 'Prices and the ways to pay (HTML)',
    input: object({}),
    output: { type: 'string' },
  },
  {
    ...inline,
    name: 'buy-credits/purchase',
    title: 'Buy credit (tutorial form)',
    path: '/buy-credits',
    method: 'POST',
    access: 'open',
    summary: 'Buy credit (tutorial form of /credits/buy): payment_method "x402" answers 402, then the paid retry returns a new key',
    input: object(
      { amount_usd: usd, payment_method: { type: 'string', minLength: 1, maxLength: 50, default: 'x402' }, label: { type: 'string', maxLength: 100 } },
      ['amount_usd'],
    ),
    aliases: { name: 'label', method: 'payment_method' },
    output: object({ key: { type: 'string' }, balance_usd: { type: 'number' } }, ['key', 'balance_usd']),
  },
  {
    ...inline,
    name: 'free-tier/status',
    title: 'Free tier left',
    path: '/free-tier/status',
    method: 'GET',
    access: 'open',
    summary: 'Free AI calls left today for the calling IP',
    input: object({}),
    output: object(
      {
        ip: { type: 'string' },
        daily_limit: { type: 'integer' },
        used: { type: 'integer' },
        remaining: { type: 'integer' },
        resets_at: { type: 'string' },
        eligible_tools: { type: 'array', items: { type: 'string' } },
        premium_tools: { type: 'array', items: { type: 'string' } },
      },
      ['daily_limit', 'used', 'remaining', 'resets_at'],
    ),
  },
] as const satisfies readonly ToolDraft[];
