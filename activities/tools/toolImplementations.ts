import { activityFeatures } from '../features';
import type { ToolImplementations } from './toolImplementation';

/**
 * Every feature's tool implementations by tool name (activities/<feature>/feature.ts); a model tool absent here is
 * implemented by its registry entry.
 */
export const toolImplementations: ToolImplementations = Object.assign({}, ...[...activityFeatures.values()].map((feature) => feature.tools ?? {}));
