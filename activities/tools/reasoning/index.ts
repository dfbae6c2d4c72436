import type { reasoningTools as reasoningEntries } from '../../../schema/registry/families/reasoning';
import { type FamilyImplementations, offlineResult } from '../toolImplementation';
import { analyze } from './analyze';
import { research } from './researchSources';

/** Reasoning tools (schema/registry/families/reasoning.ts): model tools; /analyze also has an offline method, /research a web search. */
export const reasoningTools: FamilyImplementations<typeof reasoningEntries> = {
  research,
  analyze: { offline: (input) => offlineResult('local/textrank-vader-rake', input, analyze(input)) },
};
