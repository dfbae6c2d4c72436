import { schemaFeature } from '../schemaFeature';
import { modelSettings } from './modelSettings';
import { modelTools } from './modelTools';

/** GET /models: the model catalogue with prices and capabilities. */
export const feature = schemaFeature()({
  tools: modelTools,
  settings: { title: 'Model providers', settings: modelSettings },
});
