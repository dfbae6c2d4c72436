import { answers } from '../answerMatch';
import { qaCases } from '../cases/qa';
import { qaHeldOut } from '../heldout/qa';
import { suite, type LabelledCase } from '../suite';

export interface QaCase extends LabelledCase {
  readonly question: string;
  readonly text: string;
  /** Accepted answers (one is enough), or null when the text does not answer the question. */
  readonly answers: readonly string[] | null;
  /** The question is answered by a sentence rather than a phrase ("what is it made of?"). */
  readonly sentence?: boolean;
}

/** Right: the phrase asked for, or no answer when the text holds none. A null answer is an abstention. */
export const qaSuite = suite<QaCase>({
  tool: 'qa',
  cases: { dev: qaCases, heldOut: qaHeldOut },
  input: (c) => ({ question: c.question, text: c.text }),
  judge: (c, output) => {
    const answer = typeof output.answer === 'string' ? output.answer : null;
    const confidence = Number(output.confidence);
    const correct = c.answers === null ? answer === null : answer !== null && answers(answer, c.answers, c.sentence);
    return {
      correct,
      judgments: [{ correct, confidence, abstained: answer === null }],
      ...(correct ? {} : { detail: `answered ${JSON.stringify(answer)} (${confidence}), expected ${JSON.stringify(c.answers)}` }),
    };
  },
});
