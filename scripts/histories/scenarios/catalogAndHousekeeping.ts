import { coreFeatures } from '../../../core/features';
import { ensureAnswerPurgeSchedule } from '../../../core/idempotency/answerPurgeSchedule';
import { modelEnv } from '../../../test/support/modelEnv';
import { startTestService } from '../../../test/support/testService';
import { startDirectory } from './directory';
import { FAST, type Group, typeOn, withService } from './shared';

/** The catalogue's discovery, and the two housekeeping schedules every worker keeps. */
export const catalogAndHousekeeping: Group = {
  name: 'catalog-housekeeping',
  about: 'catalogDiscovery (completed, failed), and the workflow of every schedule a worker keeps (purgeExpiredAnswers, purgeExpiredRelayEvents …)',
  async run(rec) {
    const directory = await startDirectory();
    try {
      await withService(
        rec,
        () => startTestService({ env: { ...modelEnv(), ...FAST } }),
        async (service) => {
          const { client } = service;
          const admin = { 'X-Admin-Token': service.config.adminToken, 'Content-Type': 'application/json' };
          const discover = async (sourceUrl: string) => {
            const response = await fetch(`${service.baseUrl}/run-discovery`, {
              method: 'POST',
              headers: admin,
              body: JSON.stringify({ source_url: sourceUrl }),
            });
            const body = (await response.json()) as { workflow_id?: string };
            if (!body.workflow_id) throw new Error(`/run-discovery answered ${response.status}: ${JSON.stringify(body)}`);
            return body.workflow_id;
          };
          await rec.step('a discovery run', async () => {
            const workflowId = await discover(`${directory.url}/list.json`);
            await rec.closed(client, workflowId, 'completed', { type: 'catalogDiscovery', scenario: 'a directory of one API read, imported and probed' });
          });
          await rec.step('a discovery run that fails', async () => {
            const workflowId = await discover(`${directory.url}/missing.json`);
            await rec.closed(client, workflowId, 'failed', { type: 'catalogDiscovery', scenario: 'a directory that cannot be read (404)' }, undefined, 120_000);
          });
          await rec.step('the schedules every worker keeps', async () => {
            // As every worker does at start (workers/main.ts): the call path's schedule, then each feature's; then each
            // triggered once and the run it started recorded (a new feature's schedule is recorded without a change here).
            const schedules = [await ensureAnswerPurgeSchedule(client, service.config)];
            for (const feature of coreFeatures.values()) {
              const id = await feature.schedules?.(client, service.config);
              if (typeof id === 'string') schedules.push(id);
            }
            try {
              for (const id of schedules) {
                const schedule = client.schedule.getHandle(id);
                const { action } = await schedule.describe();
                if (action.type !== 'startWorkflow') continue;
                await schedule.trigger();
                const [run] = await rec.find(client, typeOn(service, action.workflowType, ' AND ExecutionStatus = "Completed"'));
                await rec.closed(client, run!.workflowId, 'completed', { type: action.workflowType, scenario: `the ${id} schedule triggered` });
              }
            } finally {
              for (const id of schedules) {
                await client.schedule
                  .getHandle(id)
                  .delete()
                  .catch(() => undefined);
              }
            }
          });
        },
      );
    } finally {
      await directory.stop();
    }
  },
};
