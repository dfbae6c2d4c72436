import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/createActivities';
import { presets } from '../timeouts';

const housekeeping = proxyActivities<Activities>(presets.housekeeping);

/** Run by the `relay-purge-<task queue>` schedule: inbound relay events are kept RELAY_RETENTION_HOURS, then deleted. */
export async function purgeExpiredRelayEvents(request: { retentionHours: number }): Promise<{ purged: number }> {
  return { purged: await housekeeping.purgeRelayEvents(request) };
}
