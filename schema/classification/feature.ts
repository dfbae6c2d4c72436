import { schemaFeature } from '../schemaFeature';
import { classificationTools } from './classificationTools';

/** Classification tools: classify, compare, proofread, tag … */
export const feature = schemaFeature()({
  tools: classificationTools,
});
