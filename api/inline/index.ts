import { a2aHandlers } from '../a2a';
import { accountHandlers } from '../accounts';
import { conversationHandlers } from '../conversation';
import { customAgentHandlers } from '../customAgents';
import { agentHandlers } from '../agents';
import { catalogHandlers } from '../catalog';
import { dataHandlers } from '../data';
import { discoveryHandlers } from '../discovery';
import { fileHandlers } from '../files';
import { freeHandlers } from '../free';
import { jobHandlers } from '../jobs';
import { knowledgeHandlers } from '../knowledge';
import { marketplaceHandlers } from '../marketplace';
import { messageHandlers } from '../messages';
import { modelHandlers } from '../models';
import { skillHandlers } from '../skills';
import { taskHandlers } from '../tasks';
import { webhookHandlers } from '../webhooks';
import type { InlineHandler } from './inlineHandler';

/** Every endpoint the API answers itself, by registry name; each family's handlers live in api/<family>/. */
export const inlineHandlers: Readonly<Record<string, InlineHandler>> = {
  ...freeHandlers,
  ...accountHandlers,
  ...discoveryHandlers,
  ...a2aHandlers,
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
