import { streams } from '../../schema/events';
import { notFound } from '../calls/callFailures';
import type { EventStoreTransaction } from '../eventStore';
import type { BoardTaskRow } from './boardTasksProjection';
import { LIVE_SCHEMA } from '../projections/liveSchema';

/** A task read under its stream's lock, with the version to append at; a missing one is a 404. */
export async function lockedBoardTask(tx: EventStoreTransaction, taskId: string): Promise<{ task: BoardTaskRow; version: number }> {
  const version = await tx.lock(streams.boardTask(taskId));
  const task = await tx.trx.withSchema(LIVE_SCHEMA).selectFrom('board_tasks').selectAll().where('task_id', '=', taskId).executeTakeFirst();
  if (!task) throw notFound(`no task ${taskId}`, 'GET /task/browse lists tasks.');
  return { task, version };
}
