import { replyToMessage } from '../../core/messages/replyToMessage';
import type { messageTools } from '../../schema/messages/messageTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { stateTool } from '../tools/stateTool';

export const reply = stateTool<ToolInput<typeof messageTools, 'message/reply'>>('message/reply', (input, { owner, scope, context }) =>
  replyToMessage(context.deps.store, scope, owner, {
    agentId: input.agent_id,
    messageId: input.message_id,
    body: input.body,
    ...(input.subject ? { subject: input.subject } : {}),
  }),
);
