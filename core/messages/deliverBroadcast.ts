import { event, streams } from '../../schema/events';
import { scopedId } from '../calls/scopedId';
import type { EventStore } from '../eventStore';
import { LIVE_SCHEMA } from '../projections/liveSchema';

export interface BroadcastPage {
  readonly broadcastId: string;
  /** The last agent id the previous page reached (recipients go in agent id order). */
  readonly after: string | null;
  readonly pageSize: number;
}

export interface BroadcastPageResult {
  readonly recipients: number;
  readonly next: string | null;
}

/**
 * Delivers one page of a broadcast: to each agent registered before it was requested (but its sender), a
 * MessageSent on the agent's inbox with an id derived from the broadcast and the agent, skipped when already there,
 * so a page run again after a crash delivers nothing twice.
 */
export async function deliverBroadcastPage(store: EventStore, page: BroadcastPage): Promise<BroadcastPageResult> {
  return store.transaction(async (tx) => {
    const db = tx.trx.withSchema(LIVE_SCHEMA);
    const broadcast = await db.selectFrom('broadcasts').selectAll().where('broadcast_id', '=', page.broadcastId).executeTakeFirstOrThrow();
    let query = db
      .selectFrom('network_agents')
      .select('agent_id')
      .where('registered_at', '<=', broadcast.requested_at)
      .where('agent_id', '!=', broadcast.from_agent)
      .orderBy('agent_id')
      .limit(page.pageSize);
    if (page.after !== null) query = query.where('agent_id', '>', page.after);
    const recipients = (await query.execute()).map((r) => r.agent_id);
    const metadata = { actor: broadcast.owner, workflowId: `broadcast-${broadcast.broadcast_id}` };
    for (const to of recipients) {
      const messageId = scopedId('msg', broadcast.broadcast_id, to);
      await tx.lock(streams.inbox(to));
      if (await db.selectFrom('messages').select('message_id').where('message_id', '=', messageId).executeTakeFirst()) continue;
      const sent = {
        messageId,
        from: broadcast.from_agent,
        to,
        ...(broadcast.subject ? { subject: broadcast.subject } : {}),
        body: broadcast.body,
        threadId: messageId,
        broadcastId: broadcast.broadcast_id,
      };
      await tx.append(streams.inbox(to), [event('MessageSent', sent)], { metadata });
    }
    return { recipients: recipients.length, next: recipients.length === page.pageSize ? recipients[recipients.length - 1]! : null };
  });
}

/** Marks the broadcast delivered to all (once). */
export async function finishBroadcast(store: EventStore, broadcastId: string, recipients: number): Promise<void> {
  await store.transaction(async (tx) => {
    const broadcast = await tx.trx
      .withSchema(LIVE_SCHEMA)
      .selectFrom('broadcasts')
      .selectAll()
      .where('broadcast_id', '=', broadcastId)
      .executeTakeFirstOrThrow();
    const stream = streams.broadcasts(broadcast.owner);
    const version = await tx.lock(stream);
    const current = await tx.trx
      .withSchema(LIVE_SCHEMA)
      .selectFrom('broadcasts')
      .select('delivered_at')
      .where('broadcast_id', '=', broadcastId)
      .executeTakeFirstOrThrow();
    if (current.delivered_at) return;
    await tx.append(stream, [event('BroadcastDelivered', { broadcastId, owner: broadcast.owner, recipients })], {
      expectedVersion: version,
      metadata: { actor: broadcast.owner, workflowId: `broadcast-${broadcastId}` },
    });
  });
}
