import { acceptedIn, wordCount } from '../answerMatch';
import { ragCases } from '../cases/rag';
import { ragHeldOut } from '../heldout/rag';
import { suite, type LabelledCase } from '../suite';

export interface RagCase extends LabelledCase {
  readonly question: string;
  readonly documents: readonly (string | { readonly id: string; readonly title: string; readonly text: string })[];
  /** Accepted answers, or null when the documents do not answer the question. */
  readonly answers: readonly string[] | null;
}

/**
 * Present: supported, and the answer (a phrase or the quoted sentences) holds an accepted answer. Absent: `supported:
 * false`. The confidence is the tool's, in whichever it said (the schema: in the answer, or that there is none).
 */
export const ragSuite = suite<RagCase>({
  tool: 'rag',
  cases: { dev: ragCases, heldOut: ragHeldOut },
  input: (c) => ({ question: c.question, documents: c.documents }),
  judge: (c, output) => {
    const supported = output.supported === true;
    const answer = String(output.answer ?? '');
    const confidence = Number(output.confidence);
    const present = c.answers !== null;
    const correct = present ? supported && !!acceptedIn(answer, c.answers!) && wordCount(answer) <= 80 : !supported;
    return {
      correct,
      judgments: [{ correct, confidence, abstained: !supported }],
      counts: { present: present ? 1 : 0, presentRight: present && correct ? 1 : 0, absent: present ? 0 : 1, absentRight: !present && correct ? 1 : 0 },
      ...(correct
        ? {}
        : {
            detail: `${supported ? 'supported' : 'unsupported'} ${JSON.stringify(answer.slice(0, 120))} (${confidence}), expected ${JSON.stringify(c.answers)}`,
          }),
    };
  },
  summarize: (n) => ({
    'answer present: right': n.present ? Math.round(((n.presentRight ?? 0) / n.present) * 1000) / 1000 : 0,
    'answer absent: right': n.absent ? Math.round(((n.absentRight ?? 0) / n.absent) * 1000) / 1000 : 0,
  }),
});
