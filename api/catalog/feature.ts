import type { InlineHandler } from '../inline/inlineHandler';
import { getCatalogEntry } from './getCatalogEntry';
import { listCatalog } from './listCatalog';
import { discoveryStatus, runDiscovery } from './runDiscovery';

/** The catalogue endpoints the API answers itself (schema/catalog/catalogTools.ts); invoke and /api-call are paid tools. */
export const catalogHandlers: Readonly<Record<string, InlineHandler>> = {
  catalog: listCatalog,
  'catalog/entry': getCatalogEntry,
  'run-discovery': runDiscovery,
  'run-discovery/status': discoveryStatus,
};
