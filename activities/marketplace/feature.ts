import type { ToolImplementations } from '../tools/toolImplementation';
import { call } from './call';
import { delist } from './delist';
import { list } from './list';

/** The marketplace (schema/marketplace/marketplaceTools.ts); browsing is answered by api/marketplace/. */
export const marketplaceTools: ToolImplementations = {
  'marketplace/list': list,
  'marketplace/delist': delist,
  'marketplace/call': call,
};
