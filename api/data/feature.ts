import { type FamilyHandlers } from '../inline/inlineHandler';
import { serveScreenshot } from './serveScreenshot';
import type { dataTools } from '../../schema/data/dataTools';
import type { ApiFeature } from '../features';

/** The data lookups' one endpoint the API answers itself: the stored screenshots (the lookups are tools). */
const dataHandlers: FamilyHandlers<typeof dataTools> = {
  'data/screenshot/image': serveScreenshot,
};

export const feature = { handlers: dataHandlers } satisfies ApiFeature;
