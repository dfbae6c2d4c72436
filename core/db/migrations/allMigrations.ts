import type { Migration } from 'kysely';
import * as eventStore from './0001_event_store';
import * as rateLimits from './0002_rate_limits';
import * as relayInbox from './0003_relay_inbox';
import * as scrapedPages from './0030_scraped_pages';
import * as catalogDiscovery from './0031_catalog_discovery';
import * as screenshots from './0010_screenshots';
import * as fileBlobs from './0080_file_blobs';
import * as rateLimitsUnlogged from './0090_rate_limits_unlogged';
import * as eventsNotifyTrigger from './0100_events_notify_trigger';
import * as localModelServers from './0110_local_model_servers';
import * as pgvector from './0120_pgvector';
import * as idempotentAnswers from './0130_idempotent_answers';
import * as providerCircuits from './0160_provider_circuits';
import * as keyChangesNotify from './0170_key_changes_notify';
import * as searchVectors from './0200_search_vectors';
import * as searchVectorsHnsw from './0210_search_vectors_hnsw';
import * as idempotentClaimOwner from './0220_idempotent_claim_owner';
import * as tamperEvidentLog from './0230_tamper_evident_log';

/** Listed here, not discovered from disk, so bundlers and tsx see the same set. Applied in name order; one that lands
 * after a later-numbered one (work merged from parallel branches) still runs (allowUnorderedMigrations). */
export const migrations: Record<string, Migration> = {
  '0001_event_store': eventStore,
  '0002_rate_limits': rateLimits,
  '0003_relay_inbox': relayInbox,
  '0030_scraped_pages': scrapedPages,
  '0031_catalog_discovery': catalogDiscovery,
  '0010_screenshots': screenshots,
  '0080_file_blobs': fileBlobs,
  '0090_rate_limits_unlogged': rateLimitsUnlogged,
  '0100_events_notify_trigger': eventsNotifyTrigger,
  '0110_local_model_servers': localModelServers,
  '0120_pgvector': pgvector,
  '0130_idempotent_answers': idempotentAnswers,
  '0160_provider_circuits': providerCircuits,
  '0170_key_changes_notify': keyChangesNotify,
  '0200_search_vectors': searchVectors,
  '0210_search_vectors_hnsw': searchVectorsHnsw,
  '0220_idempotent_claim_owner': idempotentClaimOwner,
  '0230_tamper_evident_log': tamperEvidentLog,
};
