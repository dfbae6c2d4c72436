import type { InlineHandler } from '../inline/inlineHandler';
import { listModels } from './listModels';

/** GET /models (schema/registry/families/models.ts). */
export const modelHandlers: Readonly<Record<string, InlineHandler>> = { models: listModels };
