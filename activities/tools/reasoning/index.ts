import { offlineResult, type ToolImplementations } from '../toolImplementation';
import { analyze, type AnalyzeInput } from './analyze';

/** Reasoning tools (schema/registry/families/reasoning.ts): all model tools; /analyze also has an offline method. */
export const reasoningTools: ToolImplementations = {
  analyze: { offline: (input) => offlineResult('local/textrank-vader-rake', input, analyze(input as AnalyzeInput)) },
};
