import type { ColumnType, Generated } from 'kysely';
import type { FoundLocalModel } from '../../schema/models/localServers';
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

/** A page a crawl read (core/db/migrations/0030_scraped_pages.ts). */
export interface ScrapedPagesTable {
  crawl_id: string;
  page_number: number;
  url: string;
  final_url: string;
  depth: number;
  title: string;
  byline: string | null;
  excerpt: string | null;
  site_name: string | null;
  lang: string | null;
  markdown: string;
  word_count: number;
  links: ColumnType<{ text: string; url: string }[], string, string>;
  content_type: string;
  bytes: number;
  fetched_at: Generated<Date>;
}

export interface CrawlRobotsTable {
  crawl_id: string;
  origin: string;
  status: number;
  body: string;
  fetched_at: Generated<Date>;
}

/** A stored screenshot, by the SHA-256 of its PNG (core/db/migrations/0010_screenshots.ts). */
export interface ScreenshotsTable {
  id: string;
  png: Buffer;
  page_url: string;
  width: number;
  height: number;
  created_at: Generated<Date>;
}

/** What one host's workers found on local model servers (core/db/migrations/0110_local_model_servers.ts). */
export interface LocalModelServersTable {
  host: string;
  models: ColumnType<FoundLocalModel[], string, string>;
  probed_at: ColumnType<Date, Date | undefined, Date>;
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

/** A circuit a worker opened on a failing model provider (core/db/migrations/0160_provider_circuits.ts). */
export interface ProviderCircuitsTable {
  worker: string;
  circuit: string;
  open_until: Date | null;
  failures: number;
  reason: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
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
  scraped_pages: ScrapedPagesTable;
  crawl_robots: CrawlRobotsTable;
  screenshots: ScreenshotsTable;
  local_model_servers: LocalModelServersTable;
  idempotent_answers: IdempotentAnswersTable;
  provider_circuits: ProviderCircuitsTable;
  search_vectors: SearchVectorsTable;
}
