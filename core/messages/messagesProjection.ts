import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export interface MessageRow {
  message_id: string;
  to_agent: string;
  from_agent: string;
  subject: string | null;
  body: string;
  in_reply_to: string | null;
  thread_id: string;
  broadcast_id: string | null;
  sent_at: Date;
  read_at: Date | null;
}

type InboxEvent = StoredEventOf<'MessageSent' | 'MessagesRead'>;

/** Every agent's inbox (rows from its `inbox-<agentId>` stream). Inline: a reply finds the message it answers at once. */
export const messages: Projection<MessageRow> = {
  name: 'messages',
  version: 1,
  mode: 'inline',
  table: 'messages',
  columns: {
    message_id: 'text',
    to_agent: 'text',
    from_agent: 'text',
    subject: 'text',
    body: 'text',
    in_reply_to: 'text',
    thread_id: 'text',
    broadcast_id: 'text',
    sent_at: 'timestamptz',
    read_at: 'timestamptz',
  },
  key: ['message_id'],
  indexes: [['to_agent', 'sent_at']],
  handles: ['MessageSent', 'MessagesRead'],
  keysOf(stored) {
    const event = stored as InboxEvent;
    return event.type === 'MessageSent' ? [{ message_id: event.data.messageId }] : event.data.messageIds.map((id) => ({ message_id: id }));
  },
  initial: (key, event) => ({
    message_id: key.message_id as string,
    to_agent: '',
    from_agent: '',
    subject: null,
    body: '',
    in_reply_to: null,
    thread_id: key.message_id as string,
    broadcast_id: null,
    sent_at: event.recordedAt,
    read_at: null,
  }),
  evolve(row, stored) {
    const event = stored as InboxEvent;
    if (event.type === 'MessagesRead') return { ...row, read_at: row.read_at ?? event.recordedAt };
    const { from, to, subject, body, inReplyTo, threadId, broadcastId } = event.data;
    return {
      ...row,
      to_agent: to,
      from_agent: from,
      subject: subject ?? null,
      body,
      in_reply_to: inReplyTo ?? null,
      thread_id: threadId,
      broadcast_id: broadcastId ?? null,
      sent_at: event.recordedAt,
    };
  },
};
