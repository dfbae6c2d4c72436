import { offlineResult, type ToolImplementations } from '../toolImplementation';
import { buildChangelog, type ChangelogInput } from './changelog';

/** Code tools (schema/registry/families/code.ts): model tools, an offline changelog, and /code/run's sandbox. */
export const codeTools: ToolImplementations = {
  changelog: {
    offline: (input) => offlineResult('local/conventional-commits', input, buildChangelog(input as ChangelogInput, new Date().toISOString().slice(0, 10))),
  },
  // The sandbox is built once per worker (it probes whether its jail works here): see createActivities.
  'code/run': { run: (input, { deps, progress }) => deps.codeRun(input, progress.signal) },
};
