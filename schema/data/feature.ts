import { schemaFeature } from '../schemaFeature';
import { dataSettings } from './dataSettings';
import { dataTools } from './dataTools';

/** Data lookups: upstream sources, bundled datasets, DNS, screenshots. */
export const feature = schemaFeature()({
  tools: dataTools,
  settings: { title: 'Data lookups: upstreams, caches, DNS, the screenshot browser', settings: dataSettings },
});
