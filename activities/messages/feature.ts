import type { ToolImplementations } from '../tools/toolImplementation';
import { broadcast } from './broadcast';
import { reply } from './reply';
import { send } from './send';

/** Agent-to-agent messaging (schema/messages/messageTools.ts); the inbox is read through api/messages/. */
export const messageTools: ToolImplementations = {
  'message/send': send,
  'message/reply': reply,
  'message/broadcast': broadcast,
};
