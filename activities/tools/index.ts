import { networkAgentTools } from '../networkAgents/feature';
import { catalogTools } from '../catalog/feature';
import { classificationTools } from '../classification/feature';
import { codeTools } from '../code/feature';
import { conversationTools } from '../conversation/feature';
import { dataTools } from '../data/feature';
import { documentTools } from '../documents/feature';
import { knowledgeTools } from '../knowledge/feature';
import { marketplaceTools } from '../marketplace/feature';
import { memoryTools } from '../memory/feature';
import { messageTools } from '../messages/feature';
import { reasoningTools } from '../reasoning/feature';
import { skillTools } from '../skills/feature';
import { streamTools } from '../streams/feature';
import { scrapingTools } from '../scraping/feature';
import { searchTools } from '../search/feature';
import { structureTools } from '../structure/feature';
import { taskTools } from '../tasks/feature';
import { textTools } from '../text/feature';
import type { ToolImplementations } from './toolImplementation';
import { visionTools } from '../vision/feature';
import { writingTools } from '../writing/feature';

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
