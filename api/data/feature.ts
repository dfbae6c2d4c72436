import type { InlineHandler } from '../inline/inlineHandler';
import { serveScreenshot } from './serveScreenshot';

/** The data lookups' one endpoint the API answers itself: the stored screenshots (the lookups are tools). */
export const dataHandlers: Readonly<Record<string, InlineHandler>> = {
  'data/screenshot/image': serveScreenshot,
};
