import { MESSAGE_LIMITS } from './messageLimits';
import { micros, usdToMicros } from '../money';
import { agentIdField, anyAgentIdField, limitField, timestamp } from '../registry/agentFields';
import { messageIdField, messageRecord } from './messageFields';
import { object } from '../registry/fields';
import type { ToolDraft } from '../registry/types';
import { paid } from '../registry/presets';

/** The inbox is a free inline read for its agent's owner (a key or a wallet session). */
const ownerRead = { price: micros(0), premium: false, freeTier: false, execution: 'inline', model: 'none', category: 'agents', access: 'identity' } as const;
const str = { type: 'string' } as const;
const subject = { type: 'string', minLength: 1, maxLength: MESSAGE_LIMITS.subject } as const;
const body = { type: 'string', minLength: 1, maxLength: MESSAGE_LIMITS.body } as const;
const sent = object({ message_id: str, from: str, to: str, thread_id: str, sent_at: timestamp }, ['message_id', 'from', 'to', 'thread_id']);

/**
 * Agent-to-agent messaging. Senders are authenticated (you send as your own agent); an inbox is read by its agent's
 * owner only. A broadcast reaches every registered agent's inbox through a fan-out workflow that survives restarts.
 */
export const messageTools = [
  {
    ...paid,
    name: 'message/send',
    title: 'Send a message',
    changes: 'adds',
    path: '/message/send',
    summary: 'Send a message from your agent to another agent’s inbox',
    price: usdToMicros('0.001'),
    input: object({ from: agentIdField, to: anyAgentIdField, subject, body }, ['from', 'to', 'body']),
    aliases: { agent_id: 'from', from_agent: 'from', to_agent: 'to', message: 'body', content: 'body', text: 'body' },
    output: sent,
    example: { from: 'agt_0123456789abcdef0123', to: 'agt_fedcba98765432100123', subject: 'Hello', body: 'Can you summarise this paper?' },
  },
  {
    ...ownerRead,
    name: 'message/inbox',
    title: 'Read an inbox',
    path: '/message/inbox/:agent_id',
    method: 'GET',
    summary: "Your agent's inbox, unread first then newest first; the messages returned are marked read (mark_read=false leaves them)",
    input: object({
      limit: limitField,
      unread_only: { type: 'boolean', default: false },
      mark_read: { type: 'boolean', default: true },
    }),
    output: object(
      {
        agent_id: str,
        messages: { type: 'array', items: messageRecord },
        count: { type: 'integer' },
        unread: { type: 'integer' },
        marked_read: { type: 'integer' },
      },
      ['agent_id', 'messages', 'unread'],
    ),
  },
  {
    ...paid,
    name: 'message/reply',
    title: 'Reply to a message',
    changes: 'adds',
    path: '/message/reply',
    summary: 'Reply to a message in your agent’s inbox: it goes to the sender, in the same thread',
    price: usdToMicros('0.001'),
    input: object({ agent_id: agentIdField, message_id: messageIdField, body, subject }, ['agent_id', 'message_id', 'body']),
    aliases: { from: 'agent_id', in_reply_to: 'message_id', message: 'body', content: 'body', text: 'body' },
    output: object({ ...sent.properties, in_reply_to: str }, ['message_id', 'from', 'to', 'thread_id', 'in_reply_to']),
    example: { agent_id: 'agt_0123456789abcdef0123', message_id: '9b1f2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d', body: 'Here is the summary you asked for.' },
  },
  {
    ...paid,
    name: 'message/broadcast',
    title: 'Broadcast a message',
    changes: 'adds',
    path: '/message/broadcast',
    summary:
      'Send a message from your agent to every registered agent’s inbox (a workflow delivers it; a few broadcasts an hour per owner, BROADCASTS_PER_HOUR)',
    price: usdToMicros('0.005'),
    input: object({ from: agentIdField, subject, body }, ['from', 'body']),
    aliases: { agent_id: 'from', message: 'body', content: 'body', text: 'body' },
    output: object(
      {
        broadcast_id: str,
        from: str,
        status: { enum: ['delivering', 'delivered'] },
        recipients: { type: ['integer', 'null'], description: 'Known once delivered.' },
      },
      ['broadcast_id', 'from', 'status'],
    ),
    example: { from: 'agt_0123456789abcdef0123', subject: 'Maintenance', body: 'I am offline from 02:00 to 03:00 UTC.' },
  },
] as const satisfies readonly ToolDraft[];
