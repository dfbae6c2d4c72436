import { schemaFeature } from '../schemaFeature';
import { writingTools } from './writingTools';

/** Writing tools. */
export const feature = schemaFeature()({
  tools: writingTools,
});
