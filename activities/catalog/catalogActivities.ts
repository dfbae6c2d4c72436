import type { catalogTools } from '../../schema/catalog/catalogTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import type { ActivityResources } from '../features';
import { apiRequestOf, callApi } from './callApi';
import { discoveryActivities } from './discoveryActivities';

/** The catalogue's activities: a discovery run's steps, and /api-call's request. */
export function catalogActivities(resources: ActivityResources) {
  const network = { db: resources.store.db, safeFetch: resources.safeFetch, config: resources.config };
  return {
    ...discoveryActivities({ store: resources.store, safeFetch: resources.safeFetch, config: resources.config }),
    /** /api-call's request, the first part of its orchestration (workflows/catalog/apiCallRunner.ts). */
    callCatalogApi: ({ input }: { input: ToolInput<typeof catalogTools, 'api-call'> }) => callApi(network, apiRequestOf(input)),
  };
}
