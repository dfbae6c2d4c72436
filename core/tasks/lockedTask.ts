import { streams } from '../../schema/events';
import { notFound } from '../calls/callFailures';
import type { EventStoreTransaction } from '../eventStore';
import type { TaskRow } from './tasksProjection';
import { LIVE_SCHEMA } from '../projections/liveSchema';

/** A task read under its stream's lock, with the version to append at; a missing one is a 404. */
export async function lockedTask(tx: EventStoreTransaction, taskId: string): Promise<{ task: TaskRow; version: number }> {
  const version = await tx.lock(streams.task(taskId));
  const task = await tx.trx.withSchema(LIVE_SCHEMA).selectFrom('tasks').selectAll().where('task_id', '=', taskId).executeTakeFirst();
  if (!task) throw notFound(`no task ${taskId}`, 'GET /task/browse lists tasks.');
  return { task, version };
}
