import { schemaFeature } from '../schemaFeature';
import { discoveryTools } from './discoveryTools';

/** The service describing itself: OpenAPI, /discover, llms.txt, the agent card, the docs. */
export const feature = schemaFeature()({
  tools: discoveryTools,
});
