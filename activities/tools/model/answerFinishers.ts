import { AnswerProblem } from './modelTask';
import { wordCount } from './wordCount';

type Finisher = (answer: Record<string, unknown>, input: Record<string, unknown>) => Record<string, unknown>;

/** Full-string match, as the local regex tool tests its patterns. */
function matcher(pattern: string, flags: string): RegExp {
  try {
    return new RegExp(`^(?:${pattern})$`, flags.replace(/[gy]/g, ''));
  } catch (error) {
    throw new AnswerProblem(`pattern /${pattern}/${flags} is not a valid JavaScript regular expression: ${(error as Error).message}`);
  }
}

/**
 * What a model's answer is better off computed than claimed: counts, and whether a pattern really matches.
 * Keyed by tool name; tools without an entry keep the model's answer as validated.
 */
export const answerFinishers: Readonly<Record<string, Finisher>> = {
  write: (answer, input) => ({ ...answer, word_count: wordCount(String(answer.content ?? '')), format: input.format ?? 'markdown' }),
  social: (answer) => ({
    ...answer,
    posts: (answer.posts as { text: string }[]).map((post) => ({ ...post, character_count: [...post.text].length })),
  }),
  regex: (answer, input) => {
    const re = matcher(String(answer.pattern), String(answer.flags ?? ''));
    const test = (text: string) => ({ text, matched: re.test(text) });
    const matches = ((input.examples as string[] | undefined) ?? []).map(test);
    const nonMatches = ((input.non_examples as string[] | undefined) ?? []).map(test);
    const verified = matches.every((m) => m.matched) && nonMatches.every((m) => !m.matched);
    return { ...answer, matches, non_matches: nonMatches, verified };
  },
};
