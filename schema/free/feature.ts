import { schemaFeature } from '../schemaFeature';
import { freeTools } from './freeTools';

/** The free endpoints: health, status and the /free/* utilities. */
export const feature = schemaFeature()({
  tools: freeTools,
});
