import { accountHandlers } from '../accounts/feature';
import { conversationHandlers } from '../conversation/feature';
import { customAgentHandlers } from '../customAgents/feature';
import { agentHandlers } from '../networkAgents/feature';
import { catalogHandlers } from '../catalog/feature';
import { dataHandlers } from '../data/feature';
import { discoveryHandlers } from '../discovery/feature';
import { fileHandlers } from '../files/feature';
import { freeHandlers } from '../free/feature';
import { jobHandlers } from '../jobs/feature';
import { knowledgeHandlers } from '../knowledge/feature';
import { marketplaceHandlers } from '../marketplace/feature';
import { messageHandlers } from '../messages/feature';
import { modelHandlers } from '../models/feature';
import { skillHandlers } from '../skills/feature';
import { taskHandlers } from '../tasks/feature';
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
