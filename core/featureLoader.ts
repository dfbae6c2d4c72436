import { existsSync } from 'node:fs';
import path from 'node:path';
import { type FeatureName, featureNames } from '../schema/features';

/** A tree's contributions by feature, in the list's order (schema/features.ts). */
export type FeatureContributions<C> = ReadonlyMap<FeatureName, C>;

export interface TreeLoader {
  /** The tree's folder name, for messages: `activities`. */
  readonly tree: string;
  /** The tree's folder on disk (the loader file's `__dirname`): sources under tsx and jest, dist/ when compiled. */
  readonly dir: string;
  /** `require(\`./${name}/feature\`)` written in the loader file itself, so the module resolves from that tree. */
  readonly load: (name: FeatureName) => unknown;
  /** What is wrong with a module's `feature`, or null when it is what the tree expects. */
  readonly problem: (feature: unknown) => string | null;
}

/** Whether `<tree>/<name>/feature` exists, as source (tsx, jest) or compiled (dist/). */
export function hasFeatureModule(dir: string, name: string, module = 'feature'): boolean {
  return [`${module}.ts`, `${module}.js`].some((file) => existsSync(path.join(dir, name, file)));
}

/**
 * Loads `<tree>/<name>/feature` for every feature of the list whose folder in this tree has one (a feature need not
 * have a folder in every tree), and checks each: a feature.ts without a `feature` export, or one of the wrong shape,
 * stops the process at start, naming the file (docs/architecture.md, "Features").
 */
export function loadFeatures<C>(loader: TreeLoader): FeatureContributions<C> {
  const loaded = new Map<FeatureName, C>();
  for (const name of featureNames) {
    if (!hasFeatureModule(loader.dir, name)) continue;
    const module = loader.load(name) as { feature?: unknown };
    const problem = module.feature === undefined ? 'exports no `feature`' : loader.problem(module.feature);
    if (problem) throw new Error(`${loader.tree}/${name}/feature.ts ${problem} (docs/architecture.md, "Features")`);
    loaded.set(name, module.feature as C);
  }
  return loaded;
}

/** A shape check's helper: null when every listed key of `value` is a function (or absent when optional). */
export function recordOf(value: unknown, what: string, check: (item: unknown) => boolean): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'object' || value === null) return `has a ${what} that is not an object`;
  const bad = Object.entries(value).find(([, item]) => !check(item));
  return bad ? `has a ${what} "${bad[0]}" of the wrong shape` : null;
}
