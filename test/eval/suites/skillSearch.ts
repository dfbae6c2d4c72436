import { seedStarterSkills } from '../../../core/skills/seedStarterSkills';
import { searchSkills, SKILL_MEANING_THRESHOLD } from '../../../core/skills/searchSkills';
import { LIVE_SCHEMA } from '../../../core/projections';
import { skillSearchCases } from '../cases/skillSearch';
import { skillSearchHeldOut } from '../heldout/skillSearch';
import { createEvalDatabase } from '../evalDatabase';
import { judgeTopThree } from '../searchJudge';
import { embedCollection, queryVectorOf } from '../searchStore';
import { suite, type LabelledCase } from '../suite';

export type SkillSearchCase = LabelledCase & {
  readonly q: string;
  /** Skills that answer the query: the case is right when one of them is in the top 3 (none: nothing near it). */
  readonly expected: readonly string[];
};

/**
 * /skills/search over the starter library, on real PostgreSQL + pgvector: the skills embedded as the workers embed
 * them, each query as a worker embeds it, the same hybrid search the API runs. Right when an expected skill is in
 * the top 3. With --lexical, words alone (the search as it is without the model).
 */
export const skillSearchSuite = suite<SkillSearchCase>({
  tool: 'skills/search',
  cases: { dev: skillSearchCases, heldOut: skillSearchHeldOut },
  input: (c) => ({ q: c.q, limit: 3 }),
  async runner({ embedder }) {
    const database = await createEvalDatabase();
    await seedStarterSkills(database.store);
    if (embedder) {
      const names = await database.db.withSchema(LIVE_SCHEMA).selectFrom('skills').select('skill_id').execute();
      await embedCollection(
        database.db,
        embedder,
        'skills',
        names.map((n) => ({ scope: '', item: n.skill_id })),
      );
    }
    return {
      async run(c) {
        const queryVector = await queryVectorOf(embedder, c.q);
        const output = await searchSkills(database.db, { q: c.q, limit: 3, queryVector });
        return { output, method: queryVector ? 'hybrid' : 'full-text' };
      },
      close: () => database.drop(),
    };
  },
  judge: (c, output) =>
    judgeTopThree(
      c.expected,
      (output.results as { name: string; similarity: number | null }[]).map((r) => ({ id: r.name, similarity: r.similarity })),
      SKILL_MEANING_THRESHOLD,
    ),
});
