import type { CoreFeature } from '../features';
import { knowledgeEntries, type KnowledgeEntryRow } from './knowledgeEntriesProjection';
import { knowledgeSearchable } from './knowledgeSearchText';
import { knowledgeVotes, type KnowledgeVoteRow } from './knowledgeVotesProjection';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    knowledge_entries: KnowledgeEntryRow;
    knowledge_votes: KnowledgeVoteRow;
  }
}

/** The knowledge base and its votes. */
export const feature: CoreFeature = { projections: [knowledgeEntries, knowledgeVotes], searchable: [knowledgeSearchable] };
