/** Shared knowledge on `knowledge-<entryId>` streams: the entry and every vote on it. */
export interface KnowledgeEvents {
  KnowledgeAdded: { entryId: string; agentId: string; owner: string; title: string; content: string; tags: string[] };
  /**
   * One vote per voter (the owner who pays) per entry; a second vote replaces the first. `previous` and the
   * entry's author make the event enough to update counts and the author's reputation without reading anything else.
   */
  KnowledgeVoted: { entryId: string; voter: string; agentId: string; vote: 'up' | 'down'; previous: 'up' | 'down' | null; authorAgentId: string };
}
