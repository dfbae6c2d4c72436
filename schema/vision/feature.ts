import { schemaFeature } from '../schemaFeature';
import { visionTools } from './visionTools';

/** /vision. */
export const feature = schemaFeature()({
  tools: visionTools,
});
