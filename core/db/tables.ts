import type { ColumnType, Generated } from 'kysely';
import type { AgentReputationRow } from '../networkAgents/agentReputationProjection';
import type { AgentRow } from '../networkAgents/agentsProjection';
import type { BalanceRow } from '../projections/balances';
import type { BroadcastRow } from '../messages/broadcastsProjection';
import type { CallRow } from '../projections/calls';
import type { CatalogEntryRow } from '../catalog/catalogEntriesProjection';
import type { CustomAgentRunRow } from '../customAgents/customAgentRunsProjection';
import type { CustomAgentRow } from '../customAgents/customAgentsProjection';
import type { DeliveryRow } from '../webhooks/deliveriesProjection';
import type { FileRow } from '../files/filesProjection';
import type { FreeTierUsageRow } from '../projections/freeTierUsage';
import type { JobRow } from '../jobs/jobsProjection';
import type { KeyRow } from '../projections/keys';
import type { KnowledgeEntryRow } from '../knowledge/knowledgeEntriesProjection';
import type { KnowledgeVoteRow } from '../knowledge/knowledgeVotesProjection';
import type { ListingRow } from '../marketplace/listingsProjection';
import type { MemoryEntryRow } from '../memory/memoryEntriesProjection';
import type { MessageRow } from '../messages/messagesProjection';
import type { RelayRow } from '../relay/relaysProjection';
import type { SkillRow } from '../skills/skillsProjection';
import type { TaskRow } from '../tasks/tasksProjection';
import type { TaskSubscriptionRow } from '../tasks/taskSubscriptionsProjection';
import type { WebhookRow } from '../webhooks/webhooksProjection';

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

export interface Tables {
  events: EventsTable;
  streams: StreamsTable;
  subscription_checkpoints: SubscriptionCheckpointsTable;
  projection_versions: ProjectionVersionsTable;
  // Projection tables, reached with withSchema(LIVE_SCHEMA).
  balances: BalanceRow;
  api_keys: KeyRow;
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
}
