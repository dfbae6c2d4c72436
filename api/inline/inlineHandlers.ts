import { accountHandlers } from '../accounts/accountHandlers';
import { conversationHandlers } from '../conversation/feature';
import { customAgentHandlers } from '../customAgents/feature';
import { agentHandlers } from '../networkAgents/feature';
import { catalogHandlers } from '../catalog/feature';
import { dataHandlers } from '../data/feature';
import { discoveryHandlers } from '../discovery/discoveryHandlers';
import { fileHandlers } from '../files/fileHandlers';
import { freeHandlers } from '../free/feature';
import { jobHandlers } from '../jobs/feature';
import { knowledgeHandlers } from '../knowledge/trendingHandler';
import { marketplaceHandlers } from '../marketplace/browseHandler';
import { messageHandlers } from '../messages/inboxHandler';
import { modelHandlers } from '../models/feature';
import { skillHandlers } from '../skills/skillHandlers';
import { taskHandlers } from '../tasks/browseHandler';
import { webhookHandlers } from '../webhooks/feature';
import type { InlineHandler } from './inlineHandler';

/** Every endpoint the API answers itself, by registry name; each family's handlers live in api/<family>/. */
export const inlineHandlers: Readonly<Record<string, InlineHandler>> = {
  ...freeHandlers,
  ...accountHandlers,
  ...discoveryHandlers,
  ...modelHandlers,
  ...conversationHandlers,
  ...jobHandlers,
  ...webhookHandlers,
  ...agentHandlers,
  ...messageHandlers,
  ...knowledgeHandlers,
  ...taskHandlers,
  ...marketplaceHandlers,
  ...catalogHandlers,
  ...dataHandlers,
  ...fileHandlers,
  ...skillHandlers,
  ...customAgentHandlers,
};
