import { defineQuery, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../../activities/createActivities';
import type { DiscoveryProgress, DiscoveryRequest } from '../../schema/catalog/catalogDiscovery';
import { presets } from '../timeouts';

const steps = proxyActivities<Activities>(presets.discovery);

/** Entries per activity: each may read an OpenAPI document and probe a server, so a batch stays well inside its time-out. */
const BATCH = 25;

export const discoveryProgressQuery = defineQuery<DiscoveryProgress>('progress');

/**
 * POST /run-discovery: import or refresh the catalogue from a directory. The directory is copied once into a table
 * (it is megabytes: never a workflow value), then imported in batches, each an activity that records listings and
 * probes as events. The `progress` query (Temporal UI → Queries, and GET /run-discovery/{id}) says how far it is.
 */
export async function catalogDiscovery(request: DiscoveryRequest): Promise<DiscoveryProgress> {
  let progress: DiscoveryProgress = {
    discovery_id: request.discoveryId,
    source_url: request.sourceUrl,
    phase: 'reading',
    total: 0,
    processed: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    failed: 0,
  };
  setHandler(discoveryProgressQuery, () => progress);
  const { total } = await steps.readDirectory({ discoveryId: request.discoveryId, sourceUrl: request.sourceUrl, limit: request.limit });
  progress = { ...progress, phase: 'importing', total };
  for (let offset = 0; offset < total; offset += BATCH) {
    const counts = await steps.importDirectoryBatch({ discoveryId: request.discoveryId, offset, count: BATCH, probe: request.probe });
    progress = {
      ...progress,
      processed: progress.processed + counts.processed,
      added: progress.added + counts.added,
      updated: progress.updated + counts.updated,
      unchanged: progress.unchanged + counts.unchanged,
      failed: progress.failed + counts.failed,
    };
  }
  await steps.forgetDirectory({ discoveryId: request.discoveryId });
  progress = { ...progress, phase: 'done' };
  return progress;
}
