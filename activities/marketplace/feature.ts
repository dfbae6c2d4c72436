import type { ActivitiesFeature } from '../features';
import type { marketplaceTools as marketplaceEntries } from '../../schema/marketplace/marketplaceTools';
import type { FamilyImplementations } from '../tools/toolImplementation';
import { call } from './call';
import { delist } from './delist';
import { list } from './list';

/** The marketplace (schema/marketplace/marketplaceTools.ts); browsing is answered by api/marketplace/. */
const marketplaceTools: FamilyImplementations<typeof marketplaceEntries> = {
  'marketplace/list': list,
  'marketplace/delist': delist,
  'marketplace/call': call,
};

export const feature = { tools: marketplaceTools } satisfies ActivitiesFeature;
