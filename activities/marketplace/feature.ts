import type { ToolImplementations } from '../toolImplementation';
import { call } from './call';
import { delist } from './delist';
import { list } from './list';

/** The marketplace (schema/registry/families/marketplace.ts); browsing is answered by api/marketplace/. */
export const marketplaceTools: ToolImplementations = {
  'marketplace/list': list,
  'marketplace/delist': delist,
  'marketplace/call': call,
};
