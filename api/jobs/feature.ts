import type { InlineHandler } from '../inline/inlineHandler';
import { asyncSubmit } from './asyncSubmit';
import { jobStatus } from './jobStatus';
import { textGenerate } from './textGenerate';

export const jobHandlers: Readonly<Record<string, InlineHandler>> = {
  'async/submit': asyncSubmit,
  'async/text-generate': textGenerate,
  'async/status': jobStatus,
};
