import { int, nullableStr, num, searchHitFields, str, timestamp } from '../registry/agentFields';
import { object } from '../registry/fields';

/** An agent as everybody may see it, with its reputation. */
export const agentProfile = object(
  {
    agent_id: str,
    name: str,
    description: str,
    capabilities: { type: 'array', items: str },
    wallet: nullableStr,
    owner_kind: { enum: ['key', 'wallet'] },
    registered_at: timestamp,
    reputation: num,
    ...searchHitFields,
  },
  ['agent_id', 'name', 'registered_at'],
);

export const reputationParts = object(
  { agent_id: str, name: str, score: num, task_completions: int, knowledge: int, upvotes: int, downvotes: int, formula: str },
  ['agent_id', 'score', 'task_completions', 'knowledge', 'upvotes'],
);
