import { type FamilyHandlers } from '../inline/inlineHandler';
import { asyncSubmit } from './asyncSubmit';
import { jobStatus } from './jobStatus';
import { textGenerate } from './textGenerate';
import type { jobTools } from '../../schema/jobs/jobTools';
import type { ApiFeature } from '../features';

const jobHandlers: FamilyHandlers<typeof jobTools> = {
  'async/submit': asyncSubmit,
  'async/text-generate': textGenerate,
  'async/status': jobStatus,
};

export const feature = { handlers: jobHandlers } satisfies ApiFeature;
