import { schemaFeature } from '../schemaFeature';
import { auditSettings } from './auditSettings';
import { auditTools } from './auditTools';

/** The tamper-evident event log: signed checkpoints, verifiable statements (docs/audit.md). No events of its own. */
export const feature = schemaFeature()({
  tools: auditTools,
  settings: { title: 'The tamper-evident event log: checkpoint signing', settings: auditSettings },
});
