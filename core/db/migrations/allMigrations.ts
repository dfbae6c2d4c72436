import type { Migration } from 'kysely';
import { coreFeatures } from '../../features';
import * as eventStore from './0001_event_store';
import * as rateLimits from './0002_rate_limits';
import * as rateLimitsUnlogged from './0090_rate_limits_unlogged';
import * as eventsNotifyTrigger from './0100_events_notify_trigger';
import * as pgvector from './0120_pgvector';
import * as idempotentAnswers from './0130_idempotent_answers';
import * as keyChangesNotify from './0170_key_changes_notify';
import * as searchVectors from './0200_search_vectors';
import * as searchVectorsHnsw from './0210_search_vectors_hnsw';
import * as idempotentClaimOwner from './0220_idempotent_claim_owner';
import * as tamperEvidentLog from './0230_tamper_evident_log';
import * as oneMeaningPerName from './0240_one_meaning_per_name';

/** The event store's own and the service's shared tables (the ledger's, idempotency's, search by meaning's). */
const storeMigrations: Record<string, Migration> = {
  '0001_event_store': eventStore,
  '0002_rate_limits': rateLimits,
  '0090_rate_limits_unlogged': rateLimitsUnlogged,
  '0100_events_notify_trigger': eventsNotifyTrigger,
  '0120_pgvector': pgvector,
  '0130_idempotent_answers': idempotentAnswers,
  '0170_key_changes_notify': keyChangesNotify,
  '0200_search_vectors': searchVectors,
  '0210_search_vectors_hnsw': searchVectorsHnsw,
  '0220_idempotent_claim_owner': idempotentClaimOwner,
  '0230_tamper_evident_log': tamperEvidentLog,
  '0240_one_meaning_per_name': oneMeaningPerName,
};

/**
 * Every migration: the store's, and each feature's (core/<feature>/feature.ts `migrations`, its files in
 * core/<feature>/migrations/). Listed, not discovered from disk, so bundlers and tsx see the same set. Applied in name
 * order; one that lands after a later-numbered one (work merged from parallel branches) still runs
 * (allowUnorderedMigrations). Two migrations of one name would be one silently skipped: refused here.
 */
export const migrations: Record<string, Migration> = [...coreFeatures.entries()].reduce<Record<string, Migration>>(
  (all, [feature, { migrations: own }]) => {
    for (const [name, migration] of Object.entries(own ?? {})) {
      if (name in all) throw new Error(`migration ${name} of ${feature} has the name of another`);
      all[name] = migration;
    }
    return all;
  },
  { ...storeMigrations },
);
