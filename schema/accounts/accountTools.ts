import { MAX_GRACE_SECONDS } from './keySettings';
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

const dateTime = { type: 'string', format: 'date-time' } as const;
const usdOrNull = { type: ['number', 'null'] } as const;
const keyId = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[0-9a-f]+$', description: "The key's id (GET /auth/keys lists them)." } as const;

/** A spend limit's window: what is spent in it, what is left (null: no limit), and when it starts again (UTC). */
const spendWindow = object({ spent_usd: num, remaining_usd: usdOrNull, resets_at: dateTime }, ['spent_usd', 'remaining_usd', 'resets_at']);

/** A key's limits and what is left of them now. */
const keyLimits = object(
  {
    daily_limit_usd: usdOrNull,
    monthly_limit_usd: usdOrNull,
    rpm: { type: ['integer', 'null'], description: "Requests per minute; null: the deployment's KEY_RATE_LIMIT_PER_MINUTE." },
    allowed_tools: { type: ['array', 'null'], items: { type: 'string' }, description: 'Groups or paths the key may call; null: all.' },
    expires_at: { type: ['string', 'null'], format: 'date-time' },
    daily: spendWindow,
    monthly: spendWindow,
  },
  ['daily_limit_usd', 'monthly_limit_usd', 'rpm', 'allowed_tools', 'expires_at', 'daily', 'monthly'],
);

/** A key as its account's holder (or the operator) sees it: never its secret. */
const keyView = object(
  {
    key_id: { type: 'string' },
    masked: { type: 'string', description: 'Enough of the current secret to recognise it.' },
    label: { type: ['string', 'null'] },
    status: { enum: ['active', 'expired', 'revoked'] },
    created_at: dateTime,
    revoked_at: { type: ['string', 'null'], format: 'date-time' },
    last_used_at: { type: ['string', 'null'], format: 'date-time', description: 'Its last paid call.' },
    spent_usd: { type: 'number', description: 'Charged in all.' },
    manage_keys: { type: 'boolean' },
    limits: keyLimits,
    previous_secrets: {
      type: 'array',
      description: 'Rotated-out secrets still in their grace period.',
      items: object({ masked: { type: 'string' }, works_until: dateTime }, ['masked', 'works_until']),
    },
    calling: { type: 'boolean', description: 'The key this request was sent with.' },
  },
  ['key_id', 'masked', 'label', 'status', 'created_at', 'revoked_at', 'last_used_at', 'spent_usd', 'manage_keys', 'limits', 'previous_secrets'],
);

/** The settings a key is made or changed with (POST, PATCH); in PATCH, null removes a limit. */
const limitUsd = { type: 'number', exclusiveMinimum: 0, maximum: 1_000_000, description: 'US dollars (at most 6 decimals), in UTC calendar windows.' } as const;
const keySettingsInput = {
  label: { type: 'string', maxLength: 100 },
  daily_limit_usd: limitUsd,
  monthly_limit_usd: limitUsd,
  rpm: { type: 'integer', minimum: 1, description: "Requests per minute, across every replica; at most the deployment's KEY_RATE_LIMIT_PER_MINUTE." },
  allowed_tools: {
    type: 'array',
    minItems: 1,
    maxItems: 100,
    uniqueItems: true,
    items: { type: 'string', minLength: 1, maxLength: 200 },
    description:
      'Registry groups (a category such as `text-ai` or `data`, or a family such as `memory`, as MCP ?tools= names them) or paths (`/sentiment`, `/data/*`).',
  },
  expires_at: { type: 'string', format: 'date-time', description: 'From this moment the key answers 401 key_expired.' },
  manage_keys: { type: 'boolean', description: "May create, change, rotate and revoke the account's keys: only a key with no limits (false by default)." },
} as const;
const orNull = <S extends JsonSchema>(schema: S) => ({ anyOf: [schema, { type: 'null' }] }) as const;

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
    keyInQuery: true,
    summary:
      'Prices and the ways to pay (HTML); with ?amount_usd= it buys that much credit with x402 (a browser gets the x402 paywall): for the key in ?key= or Authorization, else on a new key',
    input: object({
      amount_usd: { ...usd, description: 'Credit to buy, in US dollars (at most 6 decimals): answered 402 for that amount, then the paid retry credits it.' },
      label: { type: 'string', maxLength: 100, description: 'A label for the new key (when no key is sent).' },
    }),
    // Without amount_usd the answer is the prices page (text/html); a paid purchase answers JSON.
    output: object(
      {
        key: { type: 'string', description: 'The new key (shown once), or the masked key that was credited.' },
        key_id: { type: 'string' },
        credited_usd: { ...num, description: 'A new key: what it holds (as POST /credits/buy answers).' },
        added_usd: { ...num, description: 'A key sent: what was added to it (as POST /auth/topup answers).' },
        balance_usd: num,
      },
      ['key', 'key_id', 'balance_usd'],
    ),
    contentType: 'text/html',
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
    name: 'auth/keys/create',
    title: 'Create another key',
    path: '/auth/keys',
    method: 'POST',
    access: 'key',
    errorStatuses: [403],
    summary: "Create another key of the calling key's account, sharing its balance, with its own limits (the secret is shown once)",
    input: object(keySettingsInput),
    aliases: { name: 'label' },
    output: object({ ...keyView.properties, key: { type: 'string', description: 'The secret: shown this once.' }, note: { type: 'string' } }, [
      ...keyView.required,
      'key',
    ]),
    example: { label: 'ci', daily_limit_usd: 1, rpm: 60, allowed_tools: ['text-ai'] },
  },
  {
    ...inline,
    name: 'auth/keys',
    title: 'List your keys',
    path: '/auth/keys',
    method: 'GET',
    access: 'key',
    errorStatuses: [403],
    summary: "The account's keys: masked, with their limits, spend and last use",
    input: object({}),
    output: object({ keys: { type: 'array', items: keyView } }, ['keys']),
  },
  {
    ...inline,
    name: 'auth/keys/update',
    title: 'Change a key',
    path: '/auth/keys/:key_id',
    method: 'PATCH',
    access: 'key',
    errorStatuses: [403],
    summary: "Change a key's label, limits or manage_keys (null removes a limit)",
    input: object(
      {
        key_id: keyId,
        label: orNull(keySettingsInput.label),
        daily_limit_usd: orNull(limitUsd),
        monthly_limit_usd: orNull(limitUsd),
        rpm: orNull(keySettingsInput.rpm),
        allowed_tools: orNull(keySettingsInput.allowed_tools),
        expires_at: orNull(keySettingsInput.expires_at),
        manage_keys: keySettingsInput.manage_keys,
      },
      ['key_id'],
    ),
    output: keyView,
    example: { daily_limit_usd: 5, rpm: null },
  },
  {
    ...inline,
    name: 'auth/keys/rotate',
    title: 'Rotate a key',
    path: '/auth/keys/:key_id/rotate',
    method: 'POST',
    access: 'key',
    errorStatuses: [403],
    summary: 'A new secret for a key; the old one stops at once or after grace_seconds (the key keeps its id, limits and spend)',
    input: object(
      {
        key_id: keyId,
        grace_seconds: {
          type: 'integer',
          minimum: 0,
          maximum: MAX_GRACE_SECONDS,
          default: 0,
          description: 'How long the old secret keeps working (at most a week).',
        },
      },
      ['key_id'],
    ),
    output: object(
      {
        key_id: { type: 'string' },
        key: { type: 'string', description: 'The new secret: shown this once.' },
        masked: { type: 'string' },
        previous: object({ masked: { type: 'string' }, works_until: dateTime }, ['masked', 'works_until']),
        note: { type: 'string' },
      },
      ['key_id', 'key', 'masked', 'previous'],
    ),
    example: { grace_seconds: 3600 },
  },
  {
    ...inline,
    name: 'auth/keys/revoke',
    title: 'Revoke a key',
    path: '/auth/keys/:key_id',
    method: 'DELETE',
    access: 'key',
    errorStatuses: [403],
    summary: 'Revoke a key: every secret of it answers 401 key_revoked at once, on every replica',
    input: object({ key_id: keyId }, ['key_id']),
    output: keyView,
  },
  {
    ...inline,
    name: 'admin/accounts',
    title: 'Find an account (operator)',
    path: '/admin/accounts',
    method: 'GET',
    access: 'admin',
    summary: 'Operator: find an account by the start of one of its keys (`apk_` and 4 more characters at least) or by a wallet',
    input: object({
      key_prefix: {
        type: 'string',
        minLength: 8,
        maxLength: 200,
        pattern: '^apk_',
        description: "A key's first characters as its mask shows them, or a whole key.",
      },
      wallet: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
    }),
    output: object(
      {
        accounts: {
          type: 'array',
          items: object(
            {
              account_id: { type: 'string' },
              kind: { enum: ['key', 'wallet'] },
              balance_usd: num,
              reserved_usd: num,
              spent_usd: num,
              credited_usd: num,
              keys: { type: 'array', items: keyView },
            },
            ['account_id', 'kind', 'balance_usd', 'reserved_usd', 'spent_usd', 'credited_usd', 'keys'],
          ),
        },
      },
      ['accounts'],
    ),
    example: { key_prefix: 'apk_Ab3d' },
  },
  {
    ...inline,
    name: 'admin/keys/revoke',
    title: 'Revoke any key (operator)',
    path: '/admin/keys/:key_id',
    method: 'DELETE',
    access: 'admin',
    summary: 'Operator: revoke any key (its account is named in the answer)',
    input: object({ key_id: keyId }, ['key_id']),
    output: object({ ...keyView.properties, account_id: { type: 'string' } }, [...keyView.required, 'account_id']),
  },
  {
    ...inline,
    name: 'admin/calls/refund',
    title: 'Refund a call (operator)',
    path: '/admin/calls/:call_id/refund',
    method: 'POST',
    access: 'admin',
    summary: "Operator: give a completed call's charge back to its key's account (a compensating event, once a call)",
    input: object(
      {
        call_id: { type: 'string', minLength: 1, maxLength: 128, description: 'The call (its X-Request-Id).' },
        reason: { type: 'string', minLength: 1, maxLength: 500 },
      },
      ['call_id', 'reason'],
    ),
    output: object({ call_id: { type: 'string' }, account_id: { type: 'string' }, refunded_usd: num, balance_usd: num }, [
      'call_id',
      'account_id',
      'refunded_usd',
      'balance_usd',
    ]),
    example: { reason: 'the answer was empty' },
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
