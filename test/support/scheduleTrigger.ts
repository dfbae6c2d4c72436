import type { ScheduleHandle } from '@temporalio/client';
import { waitFor } from './waitFor';

/**
 * Triggers a schedule so that the trigger is not dropped. Temporal names a triggered run by the second the trigger
 * arrived (`<workflow id>-<second>`), so a trigger in the same second as the schedule's last action gets that action's
 * workflow id and is dropped as "already started" — nothing runs and nothing is counted as skipped. A test that
 * triggers twice (or restarts a service in less than a second between two triggers) waits for the clock to leave the
 * last action's second first.
 */
export async function triggerInNewSecond(handle: ScheduleHandle): Promise<void> {
  const last = (await handle.describe()).info.recentActions.at(-1)?.scheduledAt.getTime();
  if (last !== undefined) {
    const lastSecond = Math.floor(last / 1000);
    await waitFor(async () => Math.floor(Date.now() / 1000) > lastSecond, "the clock to leave the last action's second", 5_000);
  }
  await handle.trigger();
}
