import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createActivities } from '../../activities/createActivities';
import { activityFeatures } from '../../activities/features';
import { toolImplementations } from '../../activities/tools';
import { apiFeatures } from '../../api/features';
import { inlineHandlers } from '../../api/inline/inlineHandlers';
import { coreFeatures } from '../../core/features';
import { allProjections, type AnyProjection } from '../../core/projections';
import type { SearchableCollection } from '../../core/searchByMeaning/searchableCollection';
import { SEARCH_TEXT_EVENTS, searchableCollections, searchItemsOf } from '../../core/searchByMeaning/searchTexts';
import { streams } from '../../schema/events';
import { featureNames, features } from '../../schema/features';
import { loadConfig } from '../../core/config/loadConfig';
import { registry } from '../../schema/registry';
import { orchestratorModules, workflowModules } from '../../workers/workflowBundle';
import { plugOrchestrators, pluggedOrchestrator } from '../../workflows/orchestration/orchestrators';

/** docs/architecture.md, "Features": whatever a feature's folder offers, an aggregator must have picked up. */
const root = path.resolve(__dirname, '..', '..');
const TREES = ['schema', 'core', 'activities', 'api', 'workflows'] as const;
const listed = new Set<string>(featureNames);

/** Source files under a folder, tests left out. */
function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .map((file) => path.join(dir, file));
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- every module of a folder, as the aggregators would have to see it
const exportsOf = (file: string) => require(file) as Record<string, unknown>;

describe('the list of features', () => {
  it.each(TREES)('names every folder of %s/ that holds a feature.ts', (tree) => {
    const folders = readdirSync(path.join(root, tree), { withFileTypes: true }).filter(
      (d) => d.isDirectory() && existsSync(path.join(root, tree, d.name, 'feature.ts')),
    );
    expect(folders.map((d) => d.name).filter((name) => !listed.has(name))).toEqual([]);
  });

  it('gives every listed feature its definitions in schema/<feature>/feature.ts', () => {
    expect(featureNames.filter((name) => !existsSync(path.join(root, 'schema', name, 'feature.ts')))).toEqual([]);
  });

  it('has each tree load every feature.ts it holds, no more and no fewer', () => {
    const withModule = (tree: string) => featureNames.filter((name) => existsSync(path.join(root, tree, name, 'feature.ts')));
    expect([...coreFeatures.keys()]).toEqual(withModule('core'));
    expect([...activityFeatures.keys()]).toEqual(withModule('activities'));
    expect([...apiFeatures.keys()]).toEqual(withModule('api'));
  });

  it('names each stream once: no two features (or a feature and the ledger) declare the same stream', () => {
    const declared = Object.values(features).flatMap((feature) => Object.keys('streams' in feature ? feature.streams : {}));
    expect(declared.length).toBe(new Set(declared).size);
    expect(Object.keys(streams)).toEqual(expect.arrayContaining(declared));
  });
});

describe('what a feature contributes reaches its aggregator', () => {
  it('lists every projection a feature’s core folder exports in allProjections', () => {
    const isProjection = (value: unknown): value is AnyProjection =>
      typeof value === 'object' && value !== null && 'evolve' in value && 'table' in value && 'handles' in value && 'keysOf' in value;
    const exported = featureNames.flatMap((name) =>
      sources(path.join(root, 'core', name)).flatMap((file) => Object.values(exportsOf(file)).filter(isProjection)),
    );
    expect(exported.length).toBeGreaterThan(15);
    expect(exported.filter((projection) => !allProjections.includes(projection)).map((p) => p.name)).toEqual([]);
  });

  it('embeds every searchable collection a feature’s core folder exports, named once, after the events that write its rows', () => {
    const isSearchable = (value: unknown): value is SearchableCollection =>
      typeof value === 'object' && value !== null && 'collection' in value && 'writtenBy' in value && 'textsOf' in value;
    const exported = featureNames.flatMap((name) =>
      sources(path.join(root, 'core', name)).flatMap((file) => Object.values(exportsOf(file)).filter(isSearchable)),
    );
    expect(exported.map((s) => s.collection).sort()).toEqual(['board_tasks', 'catalog', 'knowledge', 'listings', 'memory', 'network_agents', 'skills']);
    expect(exported.filter((s) => searchableCollections.get(s.collection) !== s).map((s) => s.collection)).toEqual([]);
    expect([...SEARCH_TEXT_EVENTS].sort()).toEqual([...new Set(exported.flatMap((s) => Object.keys(s.writtenBy)))].sort());
    expect(searchItemsOf({ type: 'TaskPosted', data: { taskId: 'task_1' } })).toEqual([{ collection: 'board_tasks', item: { scope: '', item: 'task_1' } }]);
    expect(searchItemsOf({ type: 'TaskClaimed', data: { taskId: 'task_1' } })).toEqual([]);
  });

  it.each(featureNames.filter((name) => activityFeatures.get(name)?.tools))('%s: implements only its own entries, and the runner has them', (name) => {
    const own = new Set(registry.filter((e) => e.family === name && e.execution !== 'inline').map((e) => e.name));
    const tools = Object.keys(activityFeatures.get(name)!.tools!);
    expect(tools.filter((tool) => !own.has(tool))).toEqual([]);
    expect(tools.filter((tool) => toolImplementations[tool] !== activityFeatures.get(name)!.tools![tool])).toEqual([]);
  });

  it.each(featureNames.filter((name) => apiFeatures.has(name)))('%s: answers exactly its own inline entries', (name) => {
    const own = registry.filter((e) => e.family === name && e.execution === 'inline').map((e) => e.name);
    const handlers = apiFeatures.get(name)!.handlers;
    expect(Object.keys(handlers).sort()).toEqual([...own].sort());
    expect(Object.keys(handlers).filter((tool) => inlineHandlers[tool] !== handlers[tool])).toEqual([]);
  });

  it('registers every feature’s activities under names no other feature uses', () => {
    const resources = { store: { db: {} }, config: loadConfig({}), clock: { now: () => new Date() }, safeFetch: {}, router: {}, runTool: {} };
    const names = [...activityFeatures.values()].flatMap((feature) => Object.keys(feature.activities?.(resources as never) ?? {}));
    expect(names.length).toBe(new Set(names).size);
    const registered = Object.keys(
      createActivities({ store: { db: {} } as never, config: loadConfig({}), resources: { pageBrowser: {} as never, resolver: {} as never } }),
    );
    expect(names.filter((activity) => !registered.includes(activity))).toEqual([]);
  });

  it('bundles every workflow a feature’s workflows folder exports: each exported function is in its feature.ts or used by another workflow', () => {
    const bundled = new Set(
      workflowModules(path.join(root, 'workflows')).flatMap((module) =>
        Object.entries(exportsOf(module))
          .filter(([, value]) => typeof value === 'function')
          .map(([name]) => name),
      ),
    );
    // The bundle's entry (workers/workflowBundle.ts) calls some functions itself: plugging orchestrators in.
    const workflowSources = [...sources(path.join(root, 'workflows')), path.join(root, 'workers', 'workflowBundle.ts')].map((file) => ({
      file,
      text: readFileSync(file, 'utf8'),
    }));
    const forgotten = featureNames.flatMap((name) =>
      sources(path.join(root, 'workflows', name))
        .filter((file) => !file.endsWith(`${path.sep}feature.ts`))
        .flatMap((file) =>
          Object.entries(exportsOf(file))
            .filter(([, value]) => typeof value === 'function')
            .map(([exported]) => exported)
            .filter((exported) => !bundled.has(exported))
            .filter((exported) => !workflowSources.some((other) => other.file !== file && new RegExp(`\\b${exported}\\b`).test(other.text)))
            .map((exported) => `${path.relative(root, file)}: ${exported}`),
        ),
    );
    expect(forgotten).toEqual([]);
    expect(bundled).toEqual(
      new Set([
        'toolCall',
        'creditPurchase',
        'asyncJob',
        'webhookDelivery',
        'purgeExpiredRelayEvents',
        'purgeExpiredAnswers',
        'broadcastFanOut',
        'taskClaimExpiry',
        'customAgentRun',
        'customAgentTrigger',
        'websiteCrawl',
        'actorRun',
        'catalogDiscovery',
        'searchVectors',
        'searchQueryVector',
        'issueLogCheckpoint',
      ]),
    );
  });

  it('runs every orchestration kind an entry names: orchestration’s own, or one a feature’s orchestrators module plugs in, once', () => {
    const plugging = orchestratorModules(path.join(root, 'workflows')).map((module) => exportsOf(module) as { orchestrators?: Record<string, unknown> });
    for (const module of plugging) plugOrchestrators(module as never);
    const runByOrchestration = readFileSync(path.join(root, 'workflows', 'orchestration', 'runOrchestration.ts'), 'utf8');
    const kinds = [...new Set(registry.flatMap((entry) => (entry.orchestration ? [entry.orchestration] : [])))];
    const unrun = kinds.filter((kind) => !runByOrchestration.includes(`case '${kind}':`)).filter((kind) => typeof pluggedOrchestrator(kind) !== 'function');
    expect(unrun).toEqual([]);
    expect(plugging.flatMap((module) => Object.keys(module.orchestrators ?? {})).sort()).toEqual(['actor', 'api-call', 'crawl', 'custom-agent']);
    expect(() => plugOrchestrators({ orchestrators: { crawl: async () => ({}) as never } })).toThrow(/two workflow modules run the orchestration crawl/);
  });
});
