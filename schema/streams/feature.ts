import { schemaFeature } from '../schemaFeature';
import { streamTools } from './streamTools';

/** The streamed endpoints (/stream/…). */
export const feature = schemaFeature()({
  tools: streamTools,
});
