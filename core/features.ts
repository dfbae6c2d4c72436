import type { Client } from '@temporalio/client';
import type { Migration } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../schema/config';
import type { EventStore } from './eventStore';
import { loadFeatures } from './featureLoader';
import type { AnyProjection } from './projections/types';
import type { SearchableCollection } from './searchByMeaning/searchableCollection';
import type { Reaction, ReactionDeps } from './subscriptions/reactions';
import type { OnSettled } from './ledger/settledCallEffects';

/** What a feature's core folder contributes (core/<feature>/feature.ts); its commands and queries are imported by name. */
export interface CoreFeature {
  /** Its read models; their tables are typed by augmenting core/db/tables.ts's Tables beside them. */
  readonly projections: readonly AnyProjection[];
  /**
   * Its tables that are not read models (kept apart from the log: bytes, caches, pages), by migration name, the files in
   * core/<feature>/migrations/. Names are numbered in one order with the event store's own (core/db/migrations/): the
   * migrator applies every feature's and the store's in name order.
   */
  readonly migrations?: Readonly<Record<string, Migration>>;
  /** What the worker's subscriber does when the feature's events are recorded (start timers, fan-outs, deliveries). */
  readonly reactions?: (deps: ReactionDeps) => readonly Reaction[];
  /** Data the feature needs present, appended at every start of the API and the worker, in the background; logs its own outcome, never rejects. */
  readonly seed?: (store: EventStore, config: Config, log: Logger) => Promise<void>;
  /** Temporal schedules a worker keeps in place (created, or brought up to date with the settings) at every start. */
  readonly schedules?: (client: Client, config: Config) => Promise<unknown>;
  /** What it records in the transaction that settles a call (a marketplace seller's share): core/ledger/settledCallEffects.ts. */
  readonly onSettled?: OnSettled;
  /** Its rows searched by meaning: the workers embed their texts after the events that write them (core/searchByMeaning/). */
  readonly searchable?: readonly SearchableCollection[];
}

function problem(feature: unknown): string | null {
  const projections = (feature as Partial<CoreFeature>).projections;
  if (!Array.isArray(projections)) return 'has no `projections` list';
  const bad = projections.find((p: Partial<AnyProjection>) => typeof p?.name !== 'string' || typeof p.table !== 'string' || typeof p.evolve !== 'function');
  if (bad) return `lists a projection that is not one (${String((bad as Partial<AnyProjection>)?.name)})`;
  const { migrations } = feature as Partial<CoreFeature>;
  const notMigration = Object.entries(migrations ?? {}).find(([, m]) => typeof (m as Partial<Migration>)?.up !== 'function');
  if (notMigration) return `has a migration without \`up\` (${notMigration[0]})`;
  const { reactions } = feature as Partial<CoreFeature>;
  const { seed, schedules, onSettled } = feature as Partial<CoreFeature>;
  const notFunction = Object.entries({ reactions, seed, schedules, onSettled }).find(([, value]) => value !== undefined && typeof value !== 'function');
  if (notFunction) return `has \`${notFunction[0]}\` that is not a function`;
  const { searchable } = feature as Partial<CoreFeature>;
  if (searchable === undefined) return null;
  const isSearchable = (s: Partial<SearchableCollection>) =>
    typeof s?.collection === 'string' && typeof s.textsOf === 'function' && typeof s.writtenBy === 'object' && s.writtenBy !== null;
  return Array.isArray(searchable) && searchable.every(isSearchable) ? null : 'has a `searchable` list that is not one of search collections';
}

/**
 * Every feature's core contribution, by the list in schema/features.ts. Loaded by name with require: schema/ may not
 * import this tree, so the list cannot name these modules itself (docs/architecture.md, "Features").
 */
export const coreFeatures = loadFeatures<CoreFeature>({
  tree: 'core',
  dir: __dirname,
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- by the feature's name: see above
  load: (name) => require(`./${name}/feature`),
  problem,
});
