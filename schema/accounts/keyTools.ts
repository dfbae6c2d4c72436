import { MAX_GRACE_SECONDS } from './keySettings';
import { dateTime, inline, keyId, keyView } from './accountShapes';
import { object } from '../registry/fields';
import type { JsonSchema, ToolDraft } from '../registry/types';

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

/** An account's keys, managed by a key holder with manage_keys: create, list, change, rotate, revoke. */
export const keyTools = [
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
      // Something to change: at least one setting (an empty body is a 400, as the OpenAPI document says).
      {
        anyOf: [
          { required: ['label'] },
          { required: ['daily_limit_usd'] },
          { required: ['monthly_limit_usd'] },
          { required: ['rpm'] },
          { required: ['allowed_tools'] },
          { required: ['expires_at'] },
          { required: ['manage_keys'] },
        ],
      },
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
] as const satisfies readonly ToolDraft[];
