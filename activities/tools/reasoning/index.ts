import { offlineResult, type ToolImplementations } from '../toolImplementation';
import { analyze, type AnalyzeInput } from './analyze';
import { research } from './researchSources';

/** Reasoning tools (schema/registry/families/reasoning.ts): model tools; /analyze also has an offline method, /research a web search. */
export const reasoningTools: ToolImplementations = {
  research,
  analyze: { offline: (input) => offlineResult('local/textrank-vader-rake', input, analyze(input as AnalyzeInput)) },
};
