import type { Owner } from '../../schema/agentNetwork';
import { event, streams } from '../../schema/events';
import { applyOnce, type CallScope } from '../calls/applyOnce';
import { ownedNetworkAgent } from '../networkAgents/ownedNetworkAgent';
import { scopedId } from '../calls/scopedId';
import { notFound } from '../calls/callFailures';
import type { EventStore } from '../eventStore';
import { LIVE_SCHEMA } from '../projections/liveSchema';

/** Answers a message in the caller's agent's inbox: to its sender, in its thread. */
export async function replyToMessage(
  store: EventStore,
  scope: CallScope,
  owner: Owner,
  input: { agentId: string; messageId: string; body: string; subject?: string },
): Promise<Record<string, unknown>> {
  return applyOnce(store, scope, async (tx, metadata) => {
    await ownedNetworkAgent(tx.trx, input.agentId, owner);
    const original = await tx.trx
      .withSchema(LIVE_SCHEMA)
      .selectFrom('messages')
      .selectAll()
      .where('message_id', '=', input.messageId)
      .where('to_agent', '=', input.agentId)
      .executeTakeFirst();
    if (!original) throw notFound(`no message ${input.messageId} in ${input.agentId}'s inbox`, 'GET /message/inbox/{agent_id} lists them.');
    const messageId = scopedId('msg', scope.callId);
    const subject = input.subject ?? (original.subject ? `Re: ${original.subject.replace(/^Re: /, '')}` : undefined);
    const sent = {
      messageId,
      from: input.agentId,
      to: original.from_agent,
      ...(subject ? { subject: subject.slice(0, 200) } : {}),
      body: input.body,
      inReplyTo: original.message_id,
      threadId: original.thread_id,
    };
    const [stored] = (await tx.append(streams.inbox(original.from_agent), [event('MessageSent', sent)], { metadata })).events;
    return {
      message_id: messageId,
      from: input.agentId,
      to: original.from_agent,
      thread_id: original.thread_id,
      in_reply_to: original.message_id,
      sent_at: stored!.recordedAt.toISOString(),
    };
  });
}
