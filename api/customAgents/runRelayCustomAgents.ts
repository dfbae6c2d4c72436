import { customAgentsOnRelay, relayEventTask } from '../../core/customAgents/relayTriggers';
import { signalCustomAgentEvent } from '../../core/customAgents/signalCustomAgentEvent';
import type { AppDeps } from '../deps';

/**
 * Runs the custom agents whose event schedule names this relay (relay events are kept outside the log, so the API
 * that stored one hands it on itself), once per relay event id. The event is stored whatever happens here: a
 * Temporal outage is logged, not answered to the sender, who did nothing wrong.
 */
export async function runRelayCustomAgents(deps: AppDeps, relayId: string, eventId: number, payload: unknown): Promise<void> {
  try {
    const agents = await customAgentsOnRelay(deps.store.db, relayId);
    for (const agentId of agents) {
      await signalCustomAgentEvent(deps.temporal.client, deps.config.taskQueue, agentId, {
        eventId: `relay${eventId}`,
        task: relayEventTask(relayId, eventId, payload),
      });
    }
  } catch (error) {
    deps.log.error({ err: error, relayId, eventId }, 'custom agents on a relay could not be started');
  }
}
