import { RELAY_PREVIEW_CHARS } from '../../schema/customAgents/customAgentSchedules';
import type { Db } from '../db/createDb';
import { LIVE_SCHEMA } from '../projections/liveSchema';
import { customAgentsTriggeredBy } from './findCustomAgent';

/** Whether the relay exists and belongs to the key account `accountId` (only its owner's agents may run on it). */
export async function relayOwnedBy(db: Db, relayId: string, accountId: string): Promise<boolean> {
  const relay = await db.withSchema(LIVE_SCHEMA).selectFrom('relays').select('account_id').where('relay_id', '=', relayId).executeTakeFirst();
  return relay?.account_id === accountId;
}

/** The agents an event posted to this relay runs: active event schedules on "relay" naming it, of the relay's owner. */
export async function customAgentsOnRelay(db: Db, relayId: string): Promise<string[]> {
  const relay = await db.withSchema(LIVE_SCHEMA).selectFrom('relays').select('account_id').where('relay_id', '=', relayId).executeTakeFirst();
  if (!relay) return [];
  return (await customAgentsTriggeredBy(db, 'relay'))
    .filter((a) => a.owner === `key:${relay.account_id}` && a.schedule?.type === 'event' && a.schedule.config.relay_id === relayId)
    .map((a) => a.agent_id);
}

/** What an event run on a relay is asked: the event's JSON, cut to a preview (large values stay in the relay's store). */
export function relayEventTask(relayId: string, eventId: number, payload: unknown): string {
  const text = JSON.stringify(payload);
  const preview = text.length > RELAY_PREVIEW_CHARS ? `${text.slice(0, RELAY_PREVIEW_CHARS)}… (cut; ${text.length} characters in all)` : text;
  return `An event was posted to your inbound relay ${relayId} (relay event ${eventId}):\n\n${preview}`;
}
