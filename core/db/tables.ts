import type { ColumnType, Generated } from 'kysely';
import type { FoundLocalModel } from '../../schema/models/localServers';
import type { KeySecretRow } from '../accounts/keySecrets';
import type { KeySpendRow } from '../accounts/keySpend';
import type { AgentReputationRow } from '../projections/agentReputation';
import type { AgentRow } from '../projections/agents';
import type { BalanceRow } from '../projections/balances';
import type { BroadcastRow } from '../projections/broadcasts';
import type { CallRow } from '../projections/calls';
import type { CatalogEntryRow } from '../projections/catalogEntries';
import type { CustomAgentRunRow } from '../projections/customAgentRuns';
import type { CustomAgentRow } from '../projections/customAgents';
import type { DeliveryRow } from '../projections/deliveries';
import type { FileRow } from '../projections/files';
import type { FreeTierUsageRow } from '../projections/freeTierUsage';
import type { JobRow } from '../projections/jobs';
import type { KeyRow } from '../projections/keys';
import type { KnowledgeEntryRow } from '../projections/knowledgeEntries';
import type { KnowledgeVoteRow } from '../projections/knowledgeVotes';
import type { ListingRow } from '../projections/listings';
import type { MemoryEntryRow } from '../projections/memoryEntries';
import type { MessageRow } from '../projections/messages';
import type { RelayRow } from '../projections/relays';
import type { SkillRow } from '../projections/skills';
import type { TaskRow } from '../projections/tasks';
import type { TaskSubscriptionRow } from '../projections/taskSubscriptions';
import type { WebhookRow } from '../projections/webhooks';

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

/** What outsiders posted to an inbound relay: operational data outside the log, deleted after RELAY_RETENTION_HOURS. */
export interface RelayInboxTable {
  event_id: Generated<number>;
  relay_id: string;
  payload: ColumnType<unknown, string, never>;
  headers: ColumnType<Record<string, string>, string, never>;
  source_ip: string;
  size_bytes: number;
  received_at: Generated<Date>;
}

/** A page a crawl read (schema/migrations/0030_scraped_pages.ts). */
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

/** A discovery run's copy of its directory, by position (schema/migrations/0031_catalog_discovery.ts). */
export interface CatalogDiscoveryItemsTable {
  discovery_id: string;
  position: number;
  directory_id: string;
  item: ColumnType<unknown, string, never>;
}

/** A stored screenshot, by the SHA-256 of its PNG (schema/migrations/0010_screenshots.ts). */
export interface ScreenshotsTable {
  id: string;
  png: Buffer;
  page_url: string;
  width: number;
  height: number;
  created_at: Generated<Date>;
}

/** An uploaded file's bytes, by their SHA-256 (schema/migrations/0080_file_blobs.ts). */
export interface FileBlobsTable {
  sha256: string;
  bytes: Buffer;
  size_bytes: number;
  created_at: Generated<Date>;
}

/** What one host's workers found on local model servers (schema/migrations/0110_local_model_servers.ts). */
export interface LocalModelServersTable {
  host: string;
  models: ColumnType<FoundLocalModel[], string, string>;
  probed_at: ColumnType<Date, Date | undefined, Date>;
}

/** One row's vector for search by meaning (schema/migrations/0200_search_vectors.ts); `embedding` is pgvector text. */
export interface SearchVectorsTable {
  collection: string;
  scope: string;
  item: string;
  embedding_model: string;
  embedding: string;
  source_stamp: Date;
  embedded_at: Generated<Date>;
}

/** The first answer to a caller's idempotency key, kept for the window (schema/migrations/0130_idempotent_answers.ts). */
export interface IdempotentAnswersTable {
  scope: string;
  key_digest: string;
  fingerprint: string;
  state: 'running' | 'kept' | 'unkept';
  claim: string;
  status: number | null;
  answer: Buffer | null;
  unkept_reason: string | null;
  created_at: Generated<Date>;
}

/** A circuit a worker opened on a failing model provider (schema/migrations/0160_provider_circuits.ts). */
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
  // Projection tables, reached with withSchema(LIVE_SCHEMA).
  balances: BalanceRow;
  api_keys: KeyRow;
  key_secrets: KeySecretRow;
  key_spend: KeySpendRow;
  free_tier_usage: FreeTierUsageRow;
  calls: CallRow;
  webhooks: WebhookRow;
  deliveries: DeliveryRow;
  jobs: JobRow;
  relays: RelayRow;
  catalog_entries: CatalogEntryRow;
  relay_inbox: RelayInboxTable;
  agents: AgentRow;
  agent_reputation: AgentReputationRow;
  memory_entries: MemoryEntryRow;
  messages: MessageRow;
  broadcasts: BroadcastRow;
  knowledge_entries: KnowledgeEntryRow;
  knowledge_votes: KnowledgeVoteRow;
  tasks: TaskRow;
  task_subscriptions: TaskSubscriptionRow;
  listings: ListingRow;
  custom_agents: CustomAgentRow;
  custom_agent_runs: CustomAgentRunRow;
  scraped_pages: ScrapedPagesTable;
  crawl_robots: CrawlRobotsTable;
  catalog_discovery_items: CatalogDiscoveryItemsTable;
  screenshots: ScreenshotsTable;
  files: FileRow;
  skills: SkillRow;
  file_blobs: FileBlobsTable;
  local_model_servers: LocalModelServersTable;
  idempotent_answers: IdempotentAnswersTable;
  provider_circuits: ProviderCircuitsTable;
  search_vectors: SearchVectorsTable;
}
