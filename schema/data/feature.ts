import { schemaFeature } from '../schemaFeature';
import { dataTools } from './dataTools';

/** Data lookups: upstream sources, bundled datasets, DNS, screenshots. */
export const feature = schemaFeature()({
  tools: dataTools,
});
