import type { ActivitiesFeature } from '../features';
import type { reasoningTools as reasoningEntries } from '../../schema/reasoning/reasoningTools';
import { type FamilyImplementations, lazy, offlineResult } from '../tools/toolImplementation';
import { research } from './researchSources';

const analysis = lazy(() => import('./analyze.js'));

/** Reasoning tools (schema/reasoning/reasoningTools.ts): model tools; /analyze also has an offline method, /research a web search. */
const reasoningTools: FamilyImplementations<typeof reasoningEntries> = {
  research,
  analyze: { offline: async (input) => offlineResult('local/textrank-vader-rake', input, (await analysis()).analyze(input)) },
};

export const feature = { tools: reasoningTools } satisfies ActivitiesFeature;
