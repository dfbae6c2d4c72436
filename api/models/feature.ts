import type { InlineHandler } from '../inline/inlineHandler';
import { listModels } from './listModels';

/** GET /models (schema/models/modelTools.ts). */
export const modelHandlers: Readonly<Record<string, InlineHandler>> = { models: listModels };
