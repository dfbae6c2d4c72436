import type { ActivitiesFeature } from '../features';
import type { codeTools as codeEntries } from '../../schema/code/codeTools';
import { type FamilyImplementations, offlineResult } from '../tools/toolImplementation';
import { utcDay } from '../../core/clock/clock';
import { buildChangelog } from './changelog';
import { type CodeRunTool, createCodeRunTool } from './sandbox/codeRunTool';

declare module '../features' {
  interface FeatureResources {
    code: { readonly codeRun: CodeRunTool };
  }
}

/** Code tools (schema/code/codeTools.ts): model tools, an offline changelog, and /code/run's sandbox. */
const codeTools: FamilyImplementations<typeof codeEntries> = {
  changelog: {
    offline: (input, { clock }) => offlineResult('local/conventional-commits', input, buildChangelog(input, utcDay(clock.now()))),
  },
  // The sandbox is built once per worker (it probes whether its jail works here): the feature's resources.
  'code/run': { run: (input, { deps, progress }) => deps.codeRun(input, progress.signal) },
};

export const feature = { tools: codeTools, resources: ({ config }) => ({ codeRun: createCodeRunTool(config) }) } satisfies ActivitiesFeature;
