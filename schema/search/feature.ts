import { schemaFeature } from '../schemaFeature';
import { searchTools } from './searchTools';

/** Web search. */
export const feature = schemaFeature()({
  tools: searchTools,
});
