import { schemaFeature } from '../schemaFeature';
import { documentTools } from './documentTools';

/** Document tools: extract, outline, QA, RAG, score. */
export const feature = schemaFeature()({
  tools: documentTools,
});
