import { schemaFeature } from '../schemaFeature';
import { modelTools } from './modelTools';

/** GET /models: the model catalogue with prices and capabilities. */
export const feature = schemaFeature()({
  tools: modelTools,
});
