import type { Config } from '../schema/config';
import type { FeatureName } from '../schema/features';
import type { UnionToIntersection } from '../schema/schemaFeature';
import type { EventStore } from '../core/eventStore';
import { loadFeatures, recordOf } from '../core/featureLoader';
import type { Clock } from '../core/clock/clock';
import type { SafeFetch } from '../core/net/safeFetch';
import type { ModelRouter } from './providers';
import type { RunTool } from './tools/runTool';
import type { ToolImplementations } from './tools/toolImplementation';

/** What a feature's activities are built with: the worker's resources, made once per worker (createActivities). */
export interface ActivityResources {
  readonly store: EventStore;
  readonly config: Config;
  readonly clock: Clock;
  readonly safeFetch: SafeFetch;
  /** The worker's one model router (its circuit breaker sees every call). */
  readonly router: ModelRouter;
  /** Runs a registry tool (as a step of a plan, a listing's tool …). */
  readonly runTool: RunTool;
}

type AnyActivity = (...args: never[]) => Promise<unknown>;

/**
 * What a feature's worker resources are made from: the worker's configuration (a browser's path, a cache's size). Made
 * once per worker, before any tool runs.
 */
export interface ResourceSources {
  readonly config: Config;
}

/** What a feature's activities folder contributes (activities/<feature>/feature.ts). */
export interface ActivitiesFeature {
  /**
   * What its tools share on a worker, made once (a browser, a cache, a sandbox): reached by its tools as
   * `context.deps.<name>`, typed by augmenting FeatureResources with the feature's name; a worker or a test may give
   * its own in their place (ActivityDeps.resources).
   */
  readonly resources?: (sources: ResourceSources) => object;
  /** Its tools' implementations by tool name, typed against its entries (`FamilyImplementations<typeof memoryTools>`). */
  readonly tools?: ToolImplementations;
  /** The activities its workflows run, by name; their types reach workflows through FeatureActivities. */
  readonly activities?: (resources: ActivityResources) => Readonly<Record<string, AnyActivity>>;
}

/**
 * Every feature's worker resources by feature: each activities/<feature>/feature.ts that has `resources` adds its entry
 * by augmenting this interface (`declare module '../features'`), so ToolDeps types them for its tools.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' augmentations
export interface FeatureResources {}
export type AllFeatureResources = UnionToIntersection<FeatureResources[keyof FeatureResources]>;
export type FeatureResourcesKeysAreFeatures = keyof FeatureResources extends FeatureName ? true : never;

/** Every feature's worker resources, made from the worker's sources; `given` ones (a worker's or a test's own) win. */
export function featureResources(sources: ResourceSources, given: Partial<AllFeatureResources> = {}): AllFeatureResources {
  const made = [...activityFeatures.values()].map((feature) => feature.resources?.(sources) ?? {});
  return Object.assign({}, ...made, given) as AllFeatureResources;
}

/**
 * Every feature's activities by feature: each activities/<feature>/feature.ts adds its entry by augmenting this
 * interface (`declare module '../features'`), so `Activities` (createActivities.ts) types what workflows proxy.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' augmentations
export interface FeatureActivities {}
export type AllFeatureActivities = UnionToIntersection<FeatureActivities[keyof FeatureActivities]>;
// A feature's augmentation is keyed by its name in the list.
export type FeatureActivitiesKeysAreFeatures = keyof FeatureActivities extends FeatureName ? true : never;

function problem(feature: unknown): string | null {
  const { tools, activities, resources } = feature as ActivitiesFeature;
  if (tools === undefined && activities === undefined) return 'contributes neither `tools` nor `activities`';
  if (activities !== undefined && typeof activities !== 'function') return 'has `activities` that is not a function of the worker’s resources';
  if (resources !== undefined && typeof resources !== 'function') return 'has `resources` that is not a function of the worker’s configuration';
  return recordOf(tools, 'tool implementation', (t) => typeof t === 'object' && t !== null && Object.values(t).every((m) => typeof m === 'function'));
}

/**
 * Every feature's activities contribution, by the list in schema/features.ts. Loaded by name with require: schema/
 * may not import this tree, so the list cannot name these modules itself (docs/architecture.md, "Features").
 */
export const activityFeatures = loadFeatures<ActivitiesFeature>({
  tree: 'activities',
  dir: __dirname,
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- by the feature's name: see above
  load: (name) => require(`./${name}/feature`),
  problem,
});
