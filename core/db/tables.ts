import type { ColumnType, Generated } from 'kysely';
import type { KeySecretRow } from '../accounts/keySecrets';
import type { KeySpendRow } from '../accounts/keySpend';
import type { BalanceRow } from '../projections/balances';
import type { CallRow } from '../projections/calls';
import type { FreeTierUsageRow } from '../projections/freeTierUsage';
import type { KeyRow } from '../projections/keys';

/** Tables of the event store itself. Projection tables are described by their projection definitions. */
export interface EventsTable {
  position: Generated<number>;
  transaction_id: Generated<string>;
  stream_id: string;
  version: number;
  type: string;
  data: ColumnType<unknown, string, never>;
  metadata: ColumnType<unknown, string, never>;
  recorded_at: Generated<Date>;
  /** The tamper-evident log's hashes (docs/audit.md): null on events appended before it. */
  body_hash: Generated<Buffer | null>;
  leaf_hash: Generated<Buffer | null>;
}

export interface StreamsTable {
  stream_id: string;
  version: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SubscriptionCheckpointsTable {
  subscription_id: string;
  transaction_id: string;
  position: number;
  updated_at: Generated<Date>;
}

export interface ProjectionVersionsTable {
  name: string;
  definition: string;
  rebuilt_at: Generated<Date>;
}

/** One row's vector for search by meaning (core/db/migrations/0200_search_vectors.ts); `embedding` is pgvector text. */
export interface SearchVectorsTable {
  collection: string;
  scope: string;
  item: string;
  embedding_model: string;
  embedding: string;
  source_stamp: Date;
  embedded_at: Generated<Date>;
}

/** The first answer to a caller's idempotency key, kept for the window (core/db/migrations/0130_idempotent_answers.ts). */
export interface IdempotentAnswersTable {
  scope: string;
  key_digest: string;
  fingerprint: string;
  state: 'running' | 'kept' | 'unkept';
  claim: string;
  status: number | null;
  answer: Buffer | null;
  unkept_reason: string | null;
  /** The API that made a running claim (core/idempotency/claimOwner.ts), when it named one. */
  owner: number | null;
  created_at: Generated<Date>;
}

export interface Tables {
  events: EventsTable;
  streams: StreamsTable;
  subscription_checkpoints: SubscriptionCheckpointsTable;
  projection_versions: ProjectionVersionsTable;
  // The ledger's projection tables, reached with withSchema(LIVE_SCHEMA); each feature adds its own (core/<feature>/feature.ts).
  balances: BalanceRow;
  api_keys: KeyRow;
  key_secrets: KeySecretRow;
  key_spend: KeySpendRow;
  free_tier_usage: FreeTierUsageRow;
  calls: CallRow;
  idempotent_answers: IdempotentAnswersTable;
  search_vectors: SearchVectorsTable;
}
