import { apiFeatures } from '../features';
import type { InlineHandler } from './inlineHandler';

/** Every endpoint the API answers itself, by registry name: each feature's handlers (api/<feature>/feature.ts). */
export const inlineHandlers: Readonly<Record<string, InlineHandler>> = Object.assign({}, ...[...apiFeatures.values()].map((feature) => feature.handlers));
