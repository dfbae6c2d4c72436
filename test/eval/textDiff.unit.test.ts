import { scoreEdits } from './textDiff';
import { figuresOf } from './suite';

describe('scoreEdits (proofread, counted per error)', () => {
  const original = 'Their going to there hotel. Its a important event.';
  const reference = "They're going to their hotel. It's an important event.";

  it('counts every seeded error fixed when the corrected text reads as the reference', () => {
    expect(scoreEdits(original, reference, reference)).toEqual({ seeded: 4, fixed: 4, changes: 4, wrongChanges: 0 });
  });

  it('counts a fix left undone as not fixed, and nothing as wrong', () => {
    const partly = "They're going to there hotel. It's an important event.";
    expect(scoreEdits(original, reference, partly)).toEqual({ seeded: 4, fixed: 3, changes: 3, wrongChanges: 0 });
  });

  it('counts a change to a right word as a wrong change, and a wrong fix as not fixed and wrong', () => {
    const meddled = "They're going to they're hotel. It's an important events.";
    expect(scoreEdits(original, reference, meddled)).toEqual({ seeded: 4, fixed: 3, changes: 5, wrongChanges: 2 });
  });

  it('counts nothing on a clean text left alone', () => {
    expect(scoreEdits('All good here.', 'All good here.', 'All good here.')).toEqual({ seeded: 0, fixed: 0, changes: 0, wrongChanges: 0 });
  });
});

describe('figuresOf', () => {
  it('counts a wrong answer given with confidence ≥ 0.7 as confidently wrong, and a sure "no answer" as a claim too', () => {
    const f = figuresOf(
      [
        { correct: true, judgments: [{ correct: true, confidence: 0.9, abstained: false }] },
        { correct: false, judgments: [{ correct: false, confidence: 0.8, abstained: false }] },
        { correct: false, judgments: [{ correct: false, confidence: 0.4, abstained: false }] },
        { correct: true, judgments: [{ correct: true, confidence: 0, abstained: true }] },
      ],
      ['local/a', 'local/a', 'local/b', 'local/b'],
    );
    expect(f).toMatchObject({
      cases: 4,
      accuracy: 0.5,
      confidentlyWrong: 0.25,
      calibration: 0.5,
      sure: 2,
      abstention: 0.25,
      methods: { 'local/a': 2, 'local/b': 2 },
    });
  });
});
