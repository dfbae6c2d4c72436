import { schemaFeature } from '../schemaFeature';
import { orchestrationTools } from './orchestrationTools';

/** Orchestration: chains, pipelines, batches, goals and the agent loop. */
export const feature = schemaFeature()({
  tools: orchestrationTools,
});
