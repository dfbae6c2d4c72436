import type { ActivitiesFeature } from '../features';
import { wordCount } from '../tools/model/wordCount';
import type { writingTools as writingEntries } from '../../schema/writing/writingTools';
import type { FamilyImplementations } from '../tools/toolImplementation';

/** Writing tools (schema/writing/writingTools.ts): model tools; counts are computed, not taken from the model. */
const writingTools: FamilyImplementations<typeof writingEntries> = {
  write: { finishAnswer: (answer, input) => ({ ...answer, word_count: wordCount(String(answer.content ?? '')), format: input.format }) },
  social: {
    finishAnswer: (answer) => ({
      ...answer,
      posts: (answer.posts as { text: string }[]).map((post) => ({ ...post, character_count: [...post.text].length })),
    }),
  },
};

export const feature = { tools: writingTools } satisfies ActivitiesFeature;
