import { issueCheckpoint } from '../../core/audit/checkpoints';
import { logSigner } from '../../core/audit/logKey';
import type { ActivityResources } from '../features';

/** The checkpoint the schedule signs (workflows/audit/issueLogCheckpoint.ts): nothing new is signed on a quiet log. */
export function auditActivities(resources: ActivityResources) {
  const signer = logSigner(resources.config.logSigningKey);
  return {
    issueLogCheckpoint: async () => {
      const checkpoint = await issueCheckpoint(resources.store.db, signer, resources.clock.now(), { onlyIfGrown: true });
      return checkpoint?.tree_size ?? 0;
    },
  };
}
