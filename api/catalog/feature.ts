import { type FamilyHandlers } from '../inline/inlineHandler';
import { getCatalogEntry } from './getCatalogEntry';
import { listCatalog } from './listCatalog';
import { discoveryStatus, runDiscovery } from './runDiscovery';
import type { catalogTools } from '../../schema/catalog/catalogTools';
import type { ApiFeature } from '../features';
import { refuseUnknownCatalogEntry } from './knownCatalogEntry';

/** The catalogue endpoints the API answers itself (schema/catalog/catalogTools.ts); invoke and /api-call are paid tools. */
const catalogHandlers: FamilyHandlers<typeof catalogTools> = {
  catalog: listCatalog,
  'catalog/entry': getCatalogEntry,
  'run-discovery': runDiscovery,
  'run-discovery/status': discoveryStatus,
};

export const feature = {
  handlers: catalogHandlers,
  // A call naming a catalogue entry (/catalog/{id}/invoke, /api-call) is refused before payment when there is none.
  beforePayment: ({ deps, entry, input, docs }) =>
    entry.catalogEntryField ? refuseUnknownCatalogEntry(deps.store.db, input[entry.catalogEntryField], docs) : undefined,
} satisfies ApiFeature;
