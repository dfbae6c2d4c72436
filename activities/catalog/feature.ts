import type { ActivitiesFeature } from '../features';
import type { catalogTools as catalogEntries } from '../../schema/catalog/catalogTools';
import type { FamilyImplementations } from '../tools/toolImplementation';
import { invoke } from './invoke';
import { catalogActivities } from './catalogActivities';

/** The catalogue's paid tool (schema/catalog/catalogTools.ts); /api-call runs as an orchestration (workflows/catalog/apiCallRunner.ts). */
const catalogTools: FamilyImplementations<typeof catalogEntries> = {
  'catalog/invoke': { run: (input, context) => invoke(input as Parameters<typeof invoke>[0], context) },
};

declare module '../features' {
  interface FeatureActivities {
    catalog: ReturnType<typeof catalogActivities>;
  }
}

export const feature = { tools: catalogTools, activities: catalogActivities } satisfies ActivitiesFeature;
