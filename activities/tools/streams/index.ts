import { research } from '../reasoning/researchSources';
import type { ToolImplementations } from '../toolImplementation';

/** Streamed twins (schema/registry/families/streams.ts): model prose; /stream/research searches first like /research. */
export const streamTools: ToolImplementations = {
  'stream/research': research,
};
