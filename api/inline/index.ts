import { accountHandlers } from '../accounts';
import { discoveryHandlers } from '../docs';
import { freeUtilities } from './freeUtilities';
import { jobHandlers } from '../jobs';
import { webhookHandlers } from '../webhooks';
import type { InlineHandler } from './inlineHandler';
import { listModels } from './models';
import { systemHandlers } from './systemStatus';

/** Every endpoint the API answers itself, by registry name. */
export const inlineHandlers: Readonly<Record<string, InlineHandler>> = {
  ...systemHandlers,
  ...freeUtilities,
  ...accountHandlers,
  ...discoveryHandlers,
  models: listModels,
  ...jobHandlers,
  ...webhookHandlers,
};
