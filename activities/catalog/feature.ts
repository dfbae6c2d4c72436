import type { ToolImplementations } from '../toolImplementation';
import { invoke } from './invoke';

/** The catalogue's paid tool (schema/registry/families/catalog.ts); /api-call runs as an orchestration (workflows/orchestration/apiCallRunner.ts). */
export const catalogTools: ToolImplementations = {
  'catalog/invoke': { run: (input, context) => invoke(input as Parameters<typeof invoke>[0], context) },
};
