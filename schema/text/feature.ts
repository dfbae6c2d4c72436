import { schemaFeature } from '../schemaFeature';
import { textTools } from './textTools';

/** Text tools: summaries, sentiment, keywords, translation … */
export const feature = schemaFeature()({
  tools: textTools,
});
