import { MODEL_CHOICES, LOCAL_MODEL } from '../../schema/models';
import { unknownTools } from '../orchestration/toolCatalogue';

/** What is wrong with an agent's tools or model, or null: tools come from the registry, the model from the catalogue. */
export function customAgentConfigProblem(config: { tools?: readonly string[]; model?: string }): { field: string; message: string; hint: string } | null {
  const unknown = unknownTools(config.tools);
  if (unknown.length > 0) {
    return {
      field: 'tools',
      message: `tools: "${unknown[0]}" is not a tool an agent can use`,
      hint: 'Name paid tools as GET /discover lists them, e.g. "summarize", "search"; free, account and orchestration endpoints cannot be used.',
    };
  }
  if (config.model !== undefined && (config.model === LOCAL_MODEL || !MODEL_CHOICES.includes(config.model))) {
    return {
      field: 'model',
      message: `model: "${config.model}" is not a generative model of the catalogue`,
      hint: 'Use "auto" or a model id from GET /models.',
    };
  }
  return null;
}
