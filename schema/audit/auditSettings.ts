import type { Setting } from '../settings/setting';

/** Settings of the tamper-evident log (docs/audit.md; schema/config.ts gathers the groups). */
export const auditSettings = {
  logSigningKey: {
    env: 'LOG_SIGNING_KEY',
    kind: 'string',
    default: (e) => (e === 'production' ? '' : '725444c473603d0dc353a5b28ccd657bb40b84a210d0ac7af3900c0f5fd74bca'),
    doc: "Ed25519 private key (its 32-byte seed, 64 hex digits) that signs the event log's checkpoints; its public key is served at /.well-known/toolgate-log-key. Required in production; a new key makes old checkpoints verifiable only with the old public key, so keep it.",
  },
  logCheckpointEveryMinutes: {
    env: 'LOG_CHECKPOINT_EVERY_MINUTES',
    kind: 'int',
    default: '10',
    doc: 'How often the Temporal schedule extends the log’s Merkle tree and signs a checkpoint (when events were appended since the last).',
  },
} as const satisfies Record<string, Setting>;
