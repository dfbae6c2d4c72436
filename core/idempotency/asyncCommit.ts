import { sql } from 'kysely';

/**
 * A FROM item that makes its statement's own transaction commit without waiting for the write-ahead log's flush
 * (synchronous_commit off for that transaction only): a flush is a disk sync, ~6 ms on a busy disk, on every keyed
 * request's path. For what a crash may lose: a claim (any effect its request commits later flushes the log past it)
 * and a workflow tool's answer (its repeat finds the same run in Temporal again).
 */
export const asyncCommit = sql`(select set_config('synchronous_commit', 'off', true)) as async_commit`;
