import { schemaFeature } from '../schemaFeature';
import { structureTools } from './structureTools';

/** Structure tools: actions, diagrams, JSON Schemas, mocks, regexes, timelines. */
export const feature = schemaFeature()({
  tools: structureTools,
});
