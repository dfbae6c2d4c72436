/**
 * Messages land on the recipient's `inbox-<agentId>` stream (a custom agent triggered "on message" subscribes to
 * MessageSent); broadcasts are requested on the sender owner's `broadcasts-<owner>` stream and fanned out by a
 * workflow that appends one MessageSent per recipient.
 */
export interface MessageEvents {
  MessageSent: {
    messageId: string;
    from: string;
    to: string;
    subject?: string;
    body: string;
    /** The message this one answers; the thread is the first message's id. */
    inReplyTo?: string;
    threadId: string;
    broadcastId?: string;
  };
  MessagesRead: { agentId: string; messageIds: string[] };
  BroadcastRequested: { broadcastId: string; from: string; owner: string; subject?: string; body: string };
  /** The fan-out finished: every agent registered before the request has the message. */
  BroadcastDelivered: { broadcastId: string; owner: string; recipients: number };
}
