import { schemaFeature } from '../schemaFeature';
import { searchSettings } from './searchSettings';
import { searchTools } from './searchTools';

/** Web search. */
export const feature = schemaFeature()({
  tools: searchTools,
  settings: { title: 'Search and research', settings: searchSettings },
});
