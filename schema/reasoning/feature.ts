import { schemaFeature } from '../schemaFeature';
import { reasoningTools } from './reasoningTools';

/** Reasoning tools: analysis and research. */
export const feature = schemaFeature()({
  tools: reasoningTools,
});
