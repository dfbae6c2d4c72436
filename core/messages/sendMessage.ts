import type { Owner } from '../../schema/agentNetwork';
import { event, streams } from '../../schema/events';
import { applyOnce, type CallScope } from '../calls/applyOnce';
import { findNetworkAgent } from '../networkAgents/findNetworkAgent';
import { ownedNetworkAgent } from '../networkAgents/ownedNetworkAgent';
import { scopedId } from '../calls/scopedId';
import { notFound } from '../calls/callFailures';
import type { EventStore } from '../eventStore';

export interface MessageDraft {
  readonly from: string;
  readonly to: string;
  readonly subject?: string;
  readonly body: string;
}

/** Sends from the caller's own agent (senders are who they say) to any registered agent's inbox. */
export async function sendMessage(store: EventStore, scope: CallScope, owner: Owner, draft: MessageDraft): Promise<Record<string, unknown>> {
  return applyOnce(store, scope, async (tx, metadata) => {
    await ownedNetworkAgent(tx.trx, draft.from, owner);
    if (!(await findNetworkAgent(tx.trx, draft.to))) throw notFound(`no agent ${draft.to} in the network`, 'GET /agents/search finds agents.');
    const messageId = scopedId('msg', scope.callId);
    const [stored] = (
      await tx.append(
        streams.inbox(draft.to),
        [
          event('MessageSent', {
            messageId,
            from: draft.from,
            to: draft.to,
            ...(draft.subject ? { subject: draft.subject } : {}),
            body: draft.body,
            threadId: messageId,
          }),
        ],
        { metadata },
      )
    ).events;
    return { message_id: messageId, from: draft.from, to: draft.to, thread_id: messageId, sent_at: stored!.recordedAt.toISOString() };
  });
}
