import type { ToolImplementations } from '../tools/toolImplementation';
import { invoke } from './invoke';

/** The catalogue's paid tool (schema/catalog/catalogTools.ts); /api-call runs as an orchestration (workflows/catalog/apiCallRunner.ts). */
export const catalogTools: ToolImplementations = {
  'catalog/invoke': { run: (input, context) => invoke(input as Parameters<typeof invoke>[0], context) },
};
