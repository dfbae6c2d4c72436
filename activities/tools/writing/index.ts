import { wordCount } from '../model/wordCount';
import type { ToolImplementations } from '../toolImplementation';

/** Writing tools (schema/registry/families/writing.ts): model tools; counts are computed, not taken from the model. */
export const writingTools: ToolImplementations = {
  write: { finishAnswer: (answer, input) => ({ ...answer, word_count: wordCount(String(answer.content ?? '')), format: input.format ?? 'markdown' }) },
  social: {
    finishAnswer: (answer) => ({
      ...answer,
      posts: (answer.posts as { text: string }[]).map((post) => ({ ...post, character_count: [...post.text].length })),
    }),
  },
};
