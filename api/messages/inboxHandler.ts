import { readInbox } from '../../core/messages/readInbox';
import { callerOwner } from '../callerOwner';
import { NotFound } from '../errors/httpErrors';
import type { FamilyHandlers, HandlerFor } from '../inline/inlineHandler';
import type { messageTools } from '../../schema/messages/messageTools';

/** GET /message/inbox/:agent_id: the owner's view of an agent's inbox; anyone else's agent is not found (404). */
const inboxHandler: HandlerFor<typeof messageTools, 'message/inbox'> = async (input, { deps, state, params, docs }) => {
  const owner = callerOwner(state);
  const inbox = await readInbox(
    deps.store,
    owner,
    { agentId: params.agent_id ?? '', limit: input.limit, unreadOnly: input.unread_only, markRead: input.mark_read },
    owner,
  );
  if (!inbox) throw new NotFound(`no agent ${params.agent_id} of yours`, 'GET /agents/me lists a wallet’s agents.', docs);
  return inbox;
};

/** Messaging's inline read (sending, replying and broadcasting are paid tools: activities/messages/). */
export const messageHandlers: FamilyHandlers<typeof messageTools> = { 'message/inbox': inboxHandler };
