import { type Client, ScheduleAlreadyRunning, type ScheduleOptions } from '@temporalio/client';

/** What a schedule is made of: when it fires, what it starts, its policies, and (optionally) whether it is paused and why. */
export type ScheduleDefinition = Pick<ScheduleOptions, 'spec' | 'action' | 'policies'> & { readonly state?: { paused: boolean; note: string } };

/**
 * Creates the Temporal Schedule, or brings an existing one in line with `definition` (spec, action, policies, and the
 * state when given; the rest of its state is kept). Idempotent: every start of a worker, and every write of what a
 * schedule follows, may call it.
 */
export async function upsertSchedule(client: Client, scheduleId: string, definition: ScheduleDefinition): Promise<void> {
  const { spec, action, policies, state } = definition;
  try {
    await client.schedule.create({ scheduleId, spec, action, ...(policies ? { policies } : {}), ...(state ? { state } : {}) });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    await client.schedule.getHandle(scheduleId).update((previous) => ({ ...previous, spec, action, policies, state: { ...previous.state, ...state } }));
  }
}
