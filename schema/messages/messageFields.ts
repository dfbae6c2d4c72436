import { idField, nullableStr, str, timestamp } from '../registry/agentFields';
import { object } from '../registry/fields';

/** A message's fields, as the messages family's entries answer them. */
export const messageIdField = idField('A message id.');

export const messageRecord = object(
  {
    message_id: str,
    from: str,
    to: str,
    subject: nullableStr,
    body: str,
    in_reply_to: nullableStr,
    thread_id: str,
    broadcast_id: nullableStr,
    sent_at: timestamp,
    read: { type: 'boolean' },
    read_at: nullableStr,
  },
  ['message_id', 'from', 'to', 'body', 'sent_at'],
);
