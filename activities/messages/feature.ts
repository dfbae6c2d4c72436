import type { ToolImplementations } from '../toolImplementation';
import { broadcast } from './broadcast';
import { reply } from './reply';
import { send } from './send';

/** Agent-to-agent messaging (schema/registry/families/messages.ts); the inbox is read through api/messages/. */
export const messageTools: ToolImplementations = {
  'message/send': send,
  'message/reply': reply,
  'message/broadcast': broadcast,
};
