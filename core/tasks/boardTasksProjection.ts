import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export type BoardTaskStatus = 'open' | 'claimed' | 'completed' | 'cancelled';

export interface BoardTaskRow {
  task_id: string;
  poster_agent: string;
  poster_owner: string;
  title: string;
  description: string;
  tags: string[];
  reward_micros: number;
  claim_seconds: number;
  status: BoardTaskStatus;
  claimant_agent: string | null;
  claimant_owner: string | null;
  /** Claims so far: names the claim's expiry workflow (`task-<id>-claim-<n>`). */
  claims: number;
  claim_expires_at: Date | null;
  result: unknown;
  posted_at: Date;
  completed_at: Date | null;
}

type TaskEvent = StoredEventOf<'TaskPosted' | 'TaskClaimed' | 'TaskClaimExpired' | 'TaskCompleted' | 'TaskCancelled'>;

/** The task board (rows from `task-<taskId>`). Inline: claims and completions are decided on it under the task's lock. */
export const boardTasks: Projection<BoardTaskRow> = {
  name: 'boardTasks',
  version: 1,
  mode: 'inline',
  table: 'board_tasks',
  columns: {
    task_id: 'text',
    poster_agent: 'text',
    poster_owner: 'text',
    title: 'text',
    description: 'text',
    tags: 'jsonb',
    reward_micros: 'bigint',
    claim_seconds: 'integer',
    status: 'text',
    claimant_agent: 'text',
    claimant_owner: 'text',
    claims: 'integer',
    claim_expires_at: 'timestamptz',
    result: 'jsonb',
    posted_at: 'timestamptz',
    completed_at: 'timestamptz',
  },
  key: ['task_id'],
  indexes: [['status', 'posted_at'], ['poster_agent'], ['claimant_agent']],
  handles: ['TaskPosted', 'TaskClaimed', 'TaskClaimExpired', 'TaskCompleted', 'TaskCancelled'],
  keysOf: (event) => [{ task_id: (event as TaskEvent).data.taskId }],
  initial: (key, event) => ({
    task_id: key.task_id as string,
    poster_agent: '',
    poster_owner: '',
    title: '',
    description: '',
    tags: [],
    reward_micros: 0,
    claim_seconds: 0,
    status: 'open',
    claimant_agent: null,
    claimant_owner: null,
    claims: 0,
    claim_expires_at: null,
    result: null,
    posted_at: event.recordedAt,
    completed_at: null,
  }),
  evolve(row, stored) {
    const event = stored as TaskEvent;
    switch (event.type) {
      case 'TaskPosted': {
        const { posterAgentId, posterOwner, title, description, tags, rewardMicros, claimSeconds } = event.data;
        const posted = { poster_agent: posterAgentId, poster_owner: posterOwner, title, description, tags, reward_micros: rewardMicros };
        return { ...row, ...posted, claim_seconds: claimSeconds, posted_at: event.recordedAt };
      }
      case 'TaskClaimed':
        return {
          ...row,
          status: 'claimed',
          claimant_agent: event.data.agentId,
          claimant_owner: event.data.claimantOwner,
          claims: event.data.claim,
          claim_expires_at: new Date(event.data.expiresAt),
        };
      case 'TaskClaimExpired':
        return { ...row, status: 'open', claimant_agent: null, claimant_owner: null, claim_expires_at: null };
      case 'TaskCompleted':
        return { ...row, status: 'completed', result: event.data.result, claim_expires_at: null, completed_at: event.recordedAt };
      case 'TaskCancelled':
        return { ...row, status: 'cancelled' };
    }
  },
};
