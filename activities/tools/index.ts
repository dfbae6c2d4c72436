import { agentTools } from './agents';
import { catalogTools } from './catalog';
import { classificationTools } from './classification';
import { codeTools } from './code';
import { conversationTools } from './conversation';
import { dataTools } from './data';
import { documentTools } from './documents';
import { embeddingTools } from './embeddings';
import { knowledgeTools } from './knowledge';
import { marketplaceTools } from './marketplace';
import { memoryTools } from './memory';
import { messageTools } from './messages';
import { reasoningTools } from './reasoning';
import { skillTools } from './skills';
import { streamTools } from './streams';
import { scrapingTools } from './scraping';
import { searchTools } from './search';
import { structureTools } from './structure';
import { taskTools } from './tasks';
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
  ...embeddingTools,
  ...streamTools,
  ...visionTools,
  ...agentTools,
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
