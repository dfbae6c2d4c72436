import { sendMessage } from '../../core/messages/sendMessage';
import type { messageTools } from '../../schema/messages/messageTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { stateTool } from '../tools/stateTool';

export const send = stateTool<ToolInput<typeof messageTools, 'message/send'>>('message/send', (input, { owner, scope, context }) =>
  sendMessage(context.deps.store, scope, owner, { from: input.from, to: input.to, body: input.body, ...(input.subject ? { subject: input.subject } : {}) }),
);
