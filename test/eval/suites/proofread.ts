import { proofreadCases } from '../cases/proofread';
import { proofreadHeldOut } from '../heldout/proofread';
import { suite, type Judgment, type LabelledCase } from '../suite';
import { scoreEdits, tokensOf } from '../textDiff';

export interface ProofreadCase extends LabelledCase {
  readonly text: string;
  /** The text with every seeded error fixed and nothing else changed. */
  readonly expected: string;
}

const share = (n: number | undefined, d: number | undefined) => (d ? Math.round(((n ?? 0) / d) * 1000) / 1000 : 0);

/**
 * Counted per error: a seeded error is fixed when the corrected text reads as the reference there; every change the
 * tool applied is a claim made with certainty (it rewrote the caller's text), right or wrong. The case is right when
 * the whole corrected text reads as the reference.
 */
export const proofreadSuite = suite<ProofreadCase>({
  tool: 'proofread',
  cases: { dev: proofreadCases, heldOut: proofreadHeldOut },
  input: (c) => ({ text: c.text }),
  judge: (c, output) => {
    const corrected = String(output.corrected_text ?? '');
    const score = scoreEdits(c.text, c.expected, corrected);
    const judgments: Judgment[] = [
      ...Array.from({ length: score.changes - score.wrongChanges }, () => ({ correct: true, confidence: 1, abstained: false })),
      ...Array.from({ length: score.wrongChanges }, () => ({ correct: false, confidence: 1, abstained: false })),
      ...(score.changes === 0 ? [{ correct: score.seeded === 0, confidence: 0, abstained: true }] : []),
    ];
    const correct = tokensOf(corrected).join(' ') === tokensOf(c.expected).join(' ');
    return { correct, judgments, counts: { ...score }, ...(correct ? {} : { detail: `corrected to ${JSON.stringify(corrected)}` }) };
  },
  summarize: (n) => ({
    'seeded errors fixed': share(n.fixed, n.seeded),
    'changes that were wrong': share(n.wrongChanges, n.changes),
    'seeded errors': n.seeded ?? 0,
  }),
});
