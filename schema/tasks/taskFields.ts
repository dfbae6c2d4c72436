import { idField, nullableStr, num, searchHitFields, str, timestamp } from '../registry/agentFields';
import { object } from '../registry/fields';

/** A board task's fields, as the tasks family's entries (and an agent's portfolio) answer them. */
export const taskIdField = idField('A task id.');

export const taskRecord = object(
  {
    task_id: str,
    poster_agent_id: str,
    title: str,
    description: str,
    tags: { type: 'array', items: str },
    reward_usd: num,
    status: { enum: ['open', 'claimed', 'completed', 'cancelled'] },
    claimed_by: nullableStr,
    claim_expires_at: nullableStr,
    result: {},
    posted_at: timestamp,
    completed_at: nullableStr,
    ...searchHitFields,
  },
  ['task_id', 'poster_agent_id', 'title', 'status', 'reward_usd', 'posted_at'],
);
