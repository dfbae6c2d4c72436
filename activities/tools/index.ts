import { classificationTools } from './classification';
import { codeTools } from './code';
import { conversationTools } from './conversation';
import { dataTools } from './data';
import { documentTools } from './documents';
import { reasoningTools } from './reasoning';
import { searchTools } from './search';
import { streamTools } from './streams';
import { structureTools } from './structure';
import { textTools } from './text';
import type { ToolImplementations } from './toolImplementation';
import { visionTools } from './vision';
import { writingTools } from './writing';

/** Every family's implementations by tool name; a model tool absent here is implemented by its registry entry. */
export const toolImplementations: ToolImplementations = {
  ...textTools,
  ...classificationTools,
  ...documentTools,
  ...structureTools,
  ...reasoningTools,
  ...writingTools,
  ...codeTools,
  ...conversationTools,
  ...visionTools,
  ...dataTools,
  ...searchTools,
  ...streamTools,
};
