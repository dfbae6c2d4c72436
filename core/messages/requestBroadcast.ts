import { sql } from 'kysely';
import type { Owner } from '../../schema/agentNetwork';
import { event, streams } from '../../schema/events';
import { applyOnce, type CallScope } from '../calls/applyOnce';
import { ownedNetworkAgent } from '../networkAgents/ownedNetworkAgent';
import { scopedId } from '../calls/scopedId';
import { rateLimited } from '../calls/callFailures';
import type { EventStore } from '../eventStore';
import { LIVE_SCHEMA } from '../projections/liveSchema';

/**
 * Records a broadcast from the caller's agent, within BROADCASTS_PER_HOUR per owner (counted under the owner's
 * broadcasts stream lock, so parallel requests cannot slip past). The fan-out workflow, started by the worker's
 * trigger on BroadcastRequested, delivers it.
 */
export async function requestBroadcast(
  store: EventStore,
  scope: CallScope,
  owner: Owner,
  input: { from: string; subject?: string; body: string },
  perHour: number,
): Promise<Record<string, unknown>> {
  return applyOnce(store, scope, async (tx, metadata) => {
    await ownedNetworkAgent(tx.trx, input.from, owner);
    const stream = streams.broadcasts(owner);
    const version = await tx.lock(stream);
    const recent = await tx.trx
      .withSchema(LIVE_SCHEMA)
      .selectFrom('broadcasts')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('requested_at').as('oldest')])
      .where('owner', '=', owner)
      .where(sql<boolean>`requested_at > now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    if (Number(recent.count) >= perHour) {
      const { seconds } = (
        await sql<{ seconds: number }>`select ceil(extract(epoch from (${recent.oldest}::timestamptz + interval '1 hour' - now())))::int as seconds`.execute(
          tx.trx,
        )
      ).rows[0]!;
      throw rateLimited(`at most ${perHour} broadcasts an hour per owner`, perHour, Math.max(1, seconds));
    }
    const broadcastId = scopedId('bc', scope.callId);
    await tx.append(
      stream,
      [event('BroadcastRequested', { broadcastId, from: input.from, owner, ...(input.subject ? { subject: input.subject } : {}), body: input.body })],
      { expectedVersion: version, metadata },
    );
    return { broadcast_id: broadcastId, from: input.from, status: 'delivering', recipients: null };
  });
}
