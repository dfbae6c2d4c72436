import type { ToolImplementations } from '../toolImplementation';
import { execute } from './execute';

/** Skills (schema/registry/families/skills.ts); searching and creating are answered by api/skills/. */
export const skillTools: ToolImplementations = { 'skills/execute': execute };
