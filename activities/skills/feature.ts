import type { ToolImplementations } from '../tools/toolImplementation';
import { execute } from './execute';

/** Skills (schema/skills/skillTools.ts); searching and creating are answered by api/skills/. */
export const skillTools: ToolImplementations = { 'skills/execute': execute };
