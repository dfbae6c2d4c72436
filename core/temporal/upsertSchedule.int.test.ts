import { randomUUID } from 'node:crypto';
import { Client, type Connection, ScheduleOverlapPolicy } from '@temporalio/client';
import { loadConfig } from '../config/loadConfig';
import { connectTemporal, temporalTarget } from '.';
import { upsertSchedule } from './upsertSchedule';

let connection: Connection;
let client: Client;
const made: string[] = [];

beforeAll(async () => {
  const target = temporalTarget(loadConfig({ APP_ENV: 'test', TEMPORAL_ADDRESS: process.env.TEST_TEMPORAL_ADDRESS ?? '127.0.0.1:7233' }));
  connection = await connectTemporal(target, 10_000);
  client = new Client({ connection, namespace: target.namespace });
});

afterAll(async () => {
  for (const id of made)
    await client.schedule
      .getHandle(id)
      .delete()
      .catch(() => undefined);
  await connection.close();
});

/** A schedule that never starts anything here: its queue has no worker, and it is paused or fires once a day. */
const definition = (taskQueue: string, every: number) => ({
  spec: { intervals: [{ every }] },
  action: { type: 'startWorkflow' as const, workflowType: 'nothingToRun', workflowId: `upsert-${taskQueue}`, taskQueue, args: [] },
  policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: 60_000 },
});

describe('upsertSchedule', () => {
  it('creates a schedule, then brings it up to date in place: spec, action and the state when given', async () => {
    const scheduleId = `upsert-test-${randomUUID()}`;
    made.push(scheduleId);
    await upsertSchedule(client, scheduleId, { ...definition('q-one', 86_400_000), state: { paused: true, note: 'first' } });
    const first = await client.schedule.getHandle(scheduleId).describe();
    expect(first.state).toMatchObject({ paused: true, note: 'first' });
    expect(first.action).toMatchObject({ taskQueue: 'q-one' });

    await upsertSchedule(client, scheduleId, { ...definition('q-two', 3_600_000), state: { paused: false, note: 'second' } });
    const second = await client.schedule.getHandle(scheduleId).describe();
    expect(second.state).toMatchObject({ paused: false, note: 'second' });
    expect(second.action).toMatchObject({ taskQueue: 'q-two' });
    expect(second.spec.intervals).toEqual([expect.objectContaining({ every: 3_600_000 })]);
  });

  it('keeps the state it is not given: a schedule paused elsewhere stays paused when only its definition changes', async () => {
    const scheduleId = `upsert-test-${randomUUID()}`;
    made.push(scheduleId);
    await upsertSchedule(client, scheduleId, definition('q-three', 86_400_000));
    await client.schedule.getHandle(scheduleId).pause('by hand');
    await upsertSchedule(client, scheduleId, definition('q-four', 86_400_000));
    const described = await client.schedule.getHandle(scheduleId).describe();
    expect(described.state).toMatchObject({ paused: true, note: 'by hand' });
    expect(described.action).toMatchObject({ taskQueue: 'q-four' });
  });
});
