import { randomUUID } from 'node:crypto';
import { addKnowledge } from '../../../core/knowledge/addKnowledge';
import { KNOWLEDGE_MEANING_THRESHOLD, searchKnowledge } from '../../../core/knowledge/searchKnowledge';
import { registerNetworkAgent } from '../../../core/networkAgents/registerNetworkAgent';
import { shared } from '../../../core/searchByMeaning/searchableCollection';
import type { Owner } from '../../../schema/agentNetwork';
import { storedKnowledge } from '../cases/knowledgeEntries';
import { knowledgeSearchCases } from '../cases/knowledgeSearch';
import { knowledgeSearchHeldOut } from '../heldout/knowledgeSearch';
import { createEvalDatabase } from '../evalDatabase';
import { judgeTopThree } from '../searchJudge';
import { embedCollection, queryVectorOf } from '../searchStore';
import { suite, type LabelledCase } from '../suite';

export type KnowledgeSearchCase = LabelledCase & {
  readonly q: string;
  /** Entries (by their id in cases/knowledgeEntries.ts) that answer it: right when one is in the top 3 (none: nothing near). */
  readonly expected: readonly string[];
};

const OWNER: Owner = 'key:eval-knowledge';

/**
 * /knowledge/search over a small shared knowledge base on real PostgreSQL + pgvector: entries added through
 * addKnowledge by a registered agent (as /knowledge/add does), embedded as the workers embed them, each query searched
 * with searchKnowledge as /knowledge/search runs it. Right when an expected entry is in the top 3.
 */
export const knowledgeSearchSuite = suite<KnowledgeSearchCase>({
  tool: 'knowledge/search',
  cases: { dev: knowledgeSearchCases, heldOut: knowledgeSearchHeldOut },
  input: (c) => ({ q: c.q, limit: 3 }),
  async runner({ embedder }) {
    const database = await createEvalDatabase();
    const scope = (tool: string) => ({ callId: randomUUID(), tool, actor: OWNER });
    const agent = await registerNetworkAgent(database.store, scope('agents/register'), OWNER, {
      name: 'eval librarian',
      description: "the knowledge search suite's author",
      capabilities: [],
    });
    // The entry ids are the calls' own; the cases name entries by the suite's ids.
    const docOf = new Map<string, string>();
    for (const k of storedKnowledge) {
      const added = await addKnowledge(database.store, scope('knowledge/add'), OWNER, {
        agentId: agent.agent_id as string,
        title: k.title,
        content: k.content,
        tags: [...k.tags],
      });
      docOf.set(added.entry_id as string, k.id);
    }
    if (embedder) await embedCollection(database.db, embedder, 'knowledge', [...docOf.keys()].map(shared));
    return {
      async run(c) {
        const queryVector = await queryVectorOf(embedder, c.q);
        const output = await searchKnowledge(database.db, { q: c.q, limit: 3, queryVector });
        const results = (output.results as { entry_id: string }[]).map((r) => ({ ...r, doc: docOf.get(r.entry_id) }));
        return { output: { ...output, results }, method: queryVector ? 'hybrid' : 'full-text' };
      },
      close: () => database.drop(),
    };
  },
  judge: (c, output) =>
    judgeTopThree(
      c.expected,
      (output.results as { doc: string; similarity: number | null }[]).map((r) => ({ id: r.doc, similarity: r.similarity })),
      KNOWLEDGE_MEANING_THRESHOLD,
    ),
});
