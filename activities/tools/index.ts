import { networkAgentTools } from '../networkAgents/feature';
import { catalogTools } from '../catalog/feature';
import { classificationTools } from './classification';
import { codeTools } from './code';
import { conversationTools } from './conversation';
import { dataTools } from './data';
import { documentTools } from './documents';
import { knowledgeTools } from '../knowledge/feature';
import { marketplaceTools } from '../marketplace/feature';
import { memoryTools } from '../memory/feature';
import { messageTools } from '../messages/feature';
import { reasoningTools } from './reasoning';
import { skillTools } from '../skills/feature';
import { streamTools } from './streams';
import { scrapingTools } from './scraping';
import { searchTools } from './search';
import { structureTools } from './structure';
import { taskTools } from '../tasks/feature';
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
  ...streamTools,
  ...visionTools,
  ...networkAgentTools,
  ...memoryTools,
  ...messageTools,
  ...knowledgeTools,
  ...taskTools,
  ...marketplaceTools,
  ...scrapingTools,
  ...catalogTools,
  ...dataTools,
  ...searchTools,
  ...skillTools,
};
