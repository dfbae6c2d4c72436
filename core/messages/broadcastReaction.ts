import { AGENT_NETWORK_SUBSCRIPTION, type Reaction, type ReactionDeps } from '../subscriptions/reactions';
import { startOnce } from '../subscriptions/startOnce';
import type { broadcastFanOut } from '../../workflows/messages/broadcastFanOut';

/** A broadcast's fan-out on BroadcastRequested (`broadcast-<id>`, derived from the event: read twice, started once). */
export function broadcastReactions(deps: ReactionDeps): Reaction[] {
  return [
    {
      subscription: AGENT_NETWORK_SUBSCRIPTION,
      handles: ['BroadcastRequested'],
      async react(_trx, stored) {
        if (stored.type !== 'BroadcastRequested') return;
        await startOnce<typeof broadcastFanOut>(deps, 'broadcastFanOut', `broadcast-${stored.data.broadcastId}`, [
          { broadcastId: stored.data.broadcastId, after: null, recipients: 0 },
        ]);
      },
    },
  ];
}
