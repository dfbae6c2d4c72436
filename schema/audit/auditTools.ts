import { micros } from '../money';
import { object } from '../registry/fields';
import type { ToolDraft } from '../registry/types';

/** What the audit feature's entries share: answered by the API itself, free. */
const inline = { price: micros(0), premium: false, freeTier: false, execution: 'inline', model: 'none', category: 'account' } as const;

const hex = { type: 'string', pattern: '^[0-9a-f]*$' } as const;
const int = { type: 'integer' } as const;

/** A signed checkpoint of the event log (docs/audit.md, "Checkpoints"). */
const checkpoint = object(
  {
    id: int,
    tree_size: { type: 'integer', description: 'How many events of the log the tree covers.' },
    root_hash: { ...hex, description: 'The Merkle tree root (RFC 9162, SHA-256), hex.' },
    issued_at: { type: 'string', format: 'date-time', description: 'As signed: ISO 8601, UTC, milliseconds.' },
    key_id: { type: 'string', description: 'The signing key: the first 8 bytes of SHA-256 of its raw public key, hex.' },
    signature: { type: 'string', description: 'Ed25519 over "toolgate-log-checkpoint/v1\\n<tree_size>\\n<root_hash>\\n<issued_at>\\n", base64.' },
  },
  ['id', 'tree_size', 'root_hash', 'issued_at', 'key_id', 'signature'],
);

const logKey = object(
  {
    algorithm: { const: 'Ed25519' },
    key_id: { type: 'string' },
    public_key: { type: 'string', description: 'The raw 32-byte public key, base64.' },
    public_key_pem: { type: 'string', description: 'The same key as a PEM SubjectPublicKeyInfo.' },
  },
  ['algorithm', 'key_id', 'public_key', 'public_key_pem'],
);

const balance = object({ available_micros: int, reserved_micros: int, credited_micros: int, spent_micros: int }, [
  'available_micros',
  'reserved_micros',
  'credited_micros',
  'spent_micros',
]);

/** The tamper-evident log: its public key, its checkpoints, an account's verifiable statement. */
export const auditTools = [
  {
    ...inline,
    name: 'audit/statement',
    title: 'Verifiable statement',
    path: '/audit/statement',
    method: 'GET',
    access: 'key',
    summary:
      "The calling key's account: its money events up to the period's end, each with its inclusion proof against a signed checkpoint of the event log, and the balances they add up to; `npm run verify -- statement.json` checks it offline (docs/audit.md)",
    input: object({
      from: { type: 'string', format: 'date-time', description: 'Start of the period (default: the account’s first event).' },
      to: { type: 'string', format: 'date-time', description: 'End of the period (default: now).' },
    }),
    output: object(
      {
        format: { const: 'toolgate-statement/v1' },
        account_id: { type: 'string' },
        stream: { type: 'string' },
        period: object({ from: { type: ['string', 'null'] }, to: { type: 'string' } }, ['from', 'to']),
        checkpoint,
        log_key: logKey,
        events: {
          type: 'array',
          items: object(
            {
              position: int,
              stream: { type: 'string' },
              version: int,
              type: { type: 'string' },
              data: { type: 'object' },
              metadata: { type: 'object' },
              recorded_at: { type: 'string', description: 'UTC with microseconds, exactly as the leaf hashes it.' },
              in_period: { type: 'boolean' },
              leaf_index: int,
              inclusion_proof: { type: 'array', items: hex },
            },
            ['position', 'stream', 'version', 'type', 'data', 'metadata', 'recorded_at', 'in_period', 'leaf_index', 'inclusion_proof'],
          ),
        },
        opening_balance: balance,
        closing_balance: balance,
      },
      ['format', 'account_id', 'stream', 'period', 'checkpoint', 'log_key', 'events', 'opening_balance', 'closing_balance'],
    ),
    example: { from: '2026-11-01T00:00:00Z', to: '2026-12-01T00:00:00Z' },
  },
  {
    ...inline,
    name: 'audit/checkpoints',
    title: 'Event log checkpoints',
    path: '/audit/checkpoints',
    method: 'GET',
    access: 'open',
    summary: 'Signed checkpoints of the event log, newest first, each with the consistency proof (RFC 9162) that it extends the one before it',
    input: object({
      limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      before: { type: 'integer', minimum: 1, description: 'Only checkpoints with a smaller id (the last `id` of the previous page).' },
    }),
    output: object(
      {
        log_key: logKey,
        checkpoints: {
          type: 'array',
          items: object(
            {
              ...checkpoint.properties,
              consistency: {
                anyOf: [{ type: 'null' }, object({ from_tree_size: int, proof: { type: 'array', items: hex } }, ['from_tree_size', 'proof'])],
              },
            },
            [...checkpoint.required, 'consistency'],
          ),
        },
      },
      ['log_key', 'checkpoints'],
    ),
  },
  {
    ...inline,
    name: '.well-known/toolgate-log-key',
    title: 'Event log public key',
    path: '/.well-known/toolgate-log-key',
    method: 'GET',
    access: 'open',
    summary: 'The Ed25519 public key that signs the event log’s checkpoints (pin it: a verifier checks statements with it)',
    input: object({}),
    output: logKey,
  },
  {
    ...inline,
    name: 'admin/audit/checkpoint',
    title: 'Sign a checkpoint now (operator)',
    path: '/admin/audit/checkpoint',
    method: 'POST',
    access: 'admin',
    summary: 'Operator: extend the event log’s tree with everything appended and sign a checkpoint of it now',
    input: object({}),
    output: checkpoint,
  },
] as const satisfies readonly ToolDraft[];
