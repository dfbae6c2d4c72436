import { sql } from 'kysely';
import type { Owner } from '../../schema/agentNetwork';
import { event, streams } from '../../schema/events';
import { findOwnedNetworkAgent } from '../networkAgents/ownedNetworkAgent';
import type { EventStore } from '../eventStore';
import type { MessageRow } from './messagesProjection';
import { LIVE_SCHEMA } from '../projections/liveSchema';

export interface InboxRequest {
  readonly agentId: string;
  readonly limit: number;
  readonly unreadOnly: boolean;
  readonly markRead: boolean;
}

/**
 * The owner's view of an agent's inbox: unread first, then newest first. Messages returned unread are marked read
 * (an event on the inbox stream) unless asked not to. Null when the agent is not the owner's (the caller says 404).
 */
export async function readInbox(store: EventStore, owner: Owner, request: InboxRequest, actor: string): Promise<Record<string, unknown> | null> {
  if (!(await findOwnedNetworkAgent(store.db, request.agentId, owner))) return null;
  const inbox = store.db.withSchema(LIVE_SCHEMA).selectFrom('messages').where('to_agent', '=', request.agentId);
  let page = inbox.selectAll();
  if (request.unreadOnly) page = page.where('read_at', 'is', null);
  const rows = await page
    .orderBy(sql`read_at is null`, 'desc')
    .orderBy('sent_at', 'desc')
    .orderBy('message_id')
    .limit(request.limit)
    .execute();
  const { unread } = await inbox
    .select((eb) => eb.fn.countAll<number>().as('unread'))
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  const toMark = request.markRead ? rows.filter((r) => r.read_at === null).map((r) => r.message_id) : [];
  if (toMark.length) {
    await store.append(streams.inbox(request.agentId), [event('MessagesRead', { agentId: request.agentId, messageIds: toMark })], { metadata: { actor } });
  }
  return {
    agent_id: request.agentId,
    messages: rows.map(view),
    count: rows.length,
    unread: Number(unread) - toMark.length,
    marked_read: toMark.length,
  };
}

function view(row: MessageRow): Record<string, unknown> {
  return {
    message_id: row.message_id,
    from: row.from_agent,
    to: row.to_agent,
    subject: row.subject,
    body: row.body,
    in_reply_to: row.in_reply_to,
    thread_id: row.thread_id,
    broadcast_id: row.broadcast_id,
    sent_at: row.sent_at.toISOString(),
    read: row.read_at !== null,
    read_at: row.read_at?.toISOString() ?? null,
  };
}
