import { microsToUsd } from '../../schema/money';
import type { BoardTaskRow } from './boardTasksProjection';

/** A task as anyone may read it on the board (owners stay private: agents are who act). */
export function boardTaskView(row: BoardTaskRow): Record<string, unknown> {
  return {
    task_id: row.task_id,
    poster_agent_id: row.poster_agent,
    title: row.title,
    description: row.description,
    tags: row.tags,
    reward_usd: microsToUsd(row.reward_micros),
    status: row.status,
    claimed_by: row.status === 'claimed' || row.status === 'completed' ? row.claimant_agent : null,
    claim_expires_at: row.status === 'claimed' ? (row.claim_expires_at?.toISOString() ?? null) : null,
    ...(row.status === 'completed' ? { result: row.result } : {}),
    posted_at: row.posted_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
  };
}
