import { idField, int, num, searchHitFields, str, timestamp } from '../registry/agentFields';
import { object } from '../registry/fields';

/** A knowledge entry's fields, as the knowledge family's entries (and an agent's portfolio) answer them. */
export const entryIdField = idField('A knowledge entry id.');

export const knowledgeRecord = object(
  {
    entry_id: str,
    agent_id: str,
    title: str,
    content: str,
    tags: { type: 'array', items: str },
    upvotes: int,
    downvotes: int,
    created_at: timestamp,
    rank: num,
    ...searchHitFields,
    trending: num,
  },
  ['entry_id', 'agent_id', 'title', 'content', 'created_at'],
);
