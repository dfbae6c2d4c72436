import { schemaFeature } from '../schemaFeature';
import { codeTools } from './codeTools';

/** Code tools: model tools, the offline changelog and /code/run’s sandbox. */
export const feature = schemaFeature()({
  tools: codeTools,
});
