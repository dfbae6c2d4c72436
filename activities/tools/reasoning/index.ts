import type { reasoningTools as reasoningEntries } from '../../../schema/registry/families/reasoning';
import { type FamilyImplementations, offlineResult } from '../toolImplementation';
import { analyze } from './analyze';

/** Reasoning tools (schema/registry/families/reasoning.ts): all model tools; /analyze also has an offline method. */
export const reasoningTools: FamilyImplementations<typeof reasoningEntries> = {
  analyze: { offline: (input) => offlineResult('local/textrank-vader-rake', input, analyze(input)) },
};
