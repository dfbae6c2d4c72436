import { schemaFeature } from '../schemaFeature';
import { catalogSettings } from './catalogSettings';
import { catalogTools } from './catalogTools';
import type { CatalogEvents } from './catalogEvents';

/** The API catalogue: listings, probes, discovery runs, calls through it (catalog-<apiId>). */
export const feature = schemaFeature<CatalogEvents>()({
  tools: catalogTools,
  streams: {
    catalogEntry: (apiId: string) => `catalog-${apiId}`,
  },
  settings: { title: 'The API catalogue', settings: catalogSettings },
});
