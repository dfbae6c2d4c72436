import { type FamilyHandlers } from '../inline/inlineHandler';
import { listModels } from './listModels';
import type { modelTools } from '../../schema/models/modelTools';
import type { ApiFeature } from '../features';

/** GET /models (schema/models/modelTools.ts). */
const modelHandlers: FamilyHandlers<typeof modelTools> = { models: listModels };

export const feature = { handlers: modelHandlers } satisfies ApiFeature;
