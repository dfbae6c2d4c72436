import { requestBroadcast } from '../../core/messages/requestBroadcast';
import type { messageTools } from '../../schema/messages/messageTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { stateTool } from '../tools/stateTool';

/** Records the broadcast; the worker's trigger starts its fan-out workflow (`broadcast-<id>`). */
export const broadcast = stateTool<ToolInput<typeof messageTools, 'message/broadcast'>>('message/broadcast', (input, { owner, scope, context }) =>
  requestBroadcast(
    context.deps.store,
    scope,
    owner,
    { from: input.from, body: input.body, ...(input.subject ? { subject: input.subject } : {}) },
    context.deps.config.broadcastsPerHour,
  ),
);
