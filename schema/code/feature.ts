import { schemaFeature } from '../schemaFeature';
import { codeSettings } from './codeSettings';
import { codeTools } from './codeTools';

/** Code tools: model tools, the offline changelog and /code/run’s sandbox. */
export const feature = schemaFeature()({
  tools: codeTools,
  settings: { title: 'The code sandbox', settings: codeSettings },
});
