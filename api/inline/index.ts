import { accountHandlers } from '../accounts';
import { dataHandlers } from '../data';
import { discoveryHandlers } from '../discovery';
import { freeHandlers } from '../free';
import { jobHandlers } from '../jobs';
import { modelHandlers } from '../models';
import { webhookHandlers } from '../webhooks';
import type { InlineHandler } from './inlineHandler';

/** Every endpoint the API answers itself, by registry name; each family's handlers live in api/<family>/. */
export const inlineHandlers: Readonly<Record<string, InlineHandler>> = {
  ...freeHandlers,
  ...accountHandlers,
  ...discoveryHandlers,
  ...modelHandlers,
  ...jobHandlers,
  ...webhookHandlers,
  ...dataHandlers,
};
