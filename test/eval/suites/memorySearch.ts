import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { setMemory } from '../../../core/memory/setMemory';
import { searchMemory } from '../../../core/memory/searchMemory';
import { registerNetworkAgent } from '../../../core/networkAgents/registerNetworkAgent';
import type { Owner } from '../../../schema/agentNetwork';
import { MEMORY_MEANING_THRESHOLD } from '../../../schema/memory/memoryTools';
import type { Db } from '../../../core/db/createDb';
import { LIVE_SCHEMA } from '../../../core/projections';
import { memoryAgents, type MemoryAgent, storedMemories } from '../cases/memoryEntries';
import { memorySearchCases } from '../cases/memorySearch';
import { memorySearchHeldOut } from '../heldout/memorySearch';
import { createEvalDatabase } from '../evalDatabase';
import { judgeTopThree } from '../searchJudge';
import { embedCollection, queryVectorOf } from '../searchStore';
import { suite, type LabelledCase } from '../suite';

export type MemorySearchCase = LabelledCase & {
  /** Whose memory is searched: the search reads that agent's entries only, as /memory/search does. */
  readonly agent: MemoryAgent;
  readonly query: string;
  /** Keys that answer the query: right when one of them is in the top 3 (none: nothing near it). */
  readonly expected: readonly string[];
};

/** "home" and "work" belong to one owner, "neighbour" to another: both owners' agents live in one database. */
const ownerOf = (agent: MemoryAgent): Owner => (agent === 'neighbour' ? 'key:eval-neighbour' : 'key:eval-owner');

/**
 * /memory/search over three agents' memories on real PostgreSQL + pgvector: agents registered and entries written
 * through the functions the API's activities call (registerNetworkAgent, setMemory), embedded as the workers embed them
 * (the searchable collection's texts, the local model), each query searched with searchMemory as /memory/search
 * runs it (the caller's own agent, the default threshold). Right when an expected key is in the top 3 and nothing
 * shown is another agent's.
 */
export const memorySearchSuite = suite<MemorySearchCase>({
  tool: 'memory/search',
  cases: { dev: memorySearchCases, heldOut: memorySearchHeldOut },
  input: (c) => ({ agent_id: c.agent, query: c.query, limit: 3 }),
  async runner({ embedder }) {
    const database = await createEvalDatabase();
    const agentIds = new Map<MemoryAgent, string>();
    const now = new Date();
    for (const agent of memoryAgents) {
      const scope = (tool: string) => ({ callId: randomUUID(), tool, actor: ownerOf(agent) });
      const registered = await registerNetworkAgent(database.store, scope('agents/register'), ownerOf(agent), {
        name: `eval ${agent}`,
        description: `the memory search suite's ${agent} agent`,
        capabilities: [],
      });
      const agentId = registered.agent_id as string;
      agentIds.set(agent, agentId);
      for (const m of storedMemories[agent]) {
        await setMemory(database.store, scope('memory/set'), ownerOf(agent), { agentId, key: m.key, value: m.value, tags: m.tags, now });
      }
    }
    if (embedder) await embedCollection(database.db, embedder, 'memory', await memoryItems(database.db));
    return {
      async run(c) {
        const queryVector = await queryVectorOf(embedder, c.query);
        const output = await searchMemory(database.db, ownerOf(c.agent), {
          agentId: agentIds.get(c.agent)!,
          query: c.query,
          limit: 3,
          threshold: MEMORY_MEANING_THRESHOLD,
          queryVector,
          now: new Date(),
        });
        // Keys repeat across agents ("diet/allergies" is the neighbour's too): a value not this agent's is a leak.
        const own = new Map(storedMemories[c.agent].map((m) => [m.key, m.value]));
        const results = (output.results as { key: string; value: unknown }[]).map((r) => ({ ...r, own: isDeepStrictEqual(own.get(r.key), r.value) }));
        return { output: { ...output, results }, method: queryVector ? 'hybrid' : 'full-text' };
      },
      close: () => database.drop(),
    };
  },
  judge(c, output) {
    const results = output.results as { key: string; similarity: number | null; own: boolean }[];
    const leaked = results.filter((r) => !r.own).map((r) => r.key);
    if (leaked.length) {
      return { correct: false, judgments: [{ correct: false, confidence: null, abstained: false }], detail: `another agent's memory: ${leaked.join(', ')}` };
    }
    return judgeTopThree(
      c.expected,
      results.map((r) => ({ id: r.key, similarity: r.similarity })),
      MEMORY_MEANING_THRESHOLD,
    );
  },
});

async function memoryItems(db: Db) {
  const rows = await db.withSchema(LIVE_SCHEMA).selectFrom('memory_entries').select(['agent_id', 'key']).execute();
  return rows.map((r) => ({ scope: r.agent_id, item: r.key }));
}
