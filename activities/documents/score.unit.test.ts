import { scoreText } from './score';

const POSITIVE = 'I love this phone. The battery lasts two days and the screen is gorgeous. Setup was quick and easy.';
const NEGATIVE = 'I hate this phone. The battery dies by noon and the screen scratches easily. Setup was a frustrating mess.';
const RUBRIC = [
  { name: 'positivity', description: 'How positive the review is' },
  { name: 'battery life', weight: 2 },
];

describe('rubric scoring', () => {
  it('scores a negative review lower than a positive one on a positivity criterion', async () => {
    const positive = (await scoreText({ text: POSITIVE, rubric: RUBRIC })).scores.find((s) => s.criterion === 'positivity')!;
    const negative = (await scoreText({ text: NEGATIVE, rubric: RUBRIC })).scores.find((s) => s.criterion === 'positivity')!;
    expect(positive.feature).toBe('positivity');
    expect(negative.score).toBeLessThan(positive.score);
    expect(negative.score).toBeLessThan(5);
    expect((await scoreText({ text: NEGATIVE, rubric: RUBRIC })).overall).toBeLessThan((await scoreText({ text: POSITIVE, rubric: RUBRIC })).overall);
  });

  it('judges a topical criterion by coverage, citing the sentence that covers it', async () => {
    const onTopic = (await scoreText({ text: POSITIVE, rubric: ['battery life'] })).scores[0]!;
    const offTopic = (await scoreText({ text: 'The camera takes sharp photos at night.', rubric: ['battery life'] })).scores[0]!;
    expect(onTopic.feature).toBe('coverage');
    expect(onTopic.score).toBeGreaterThan(offTopic.score);
    expect(onTopic.evidence.join(' ')).toContain('battery');
  });

  it('rates plain short sentences clearer than a long convoluted one, and sloppy text less correct', async () => {
    const plain = await scoreText({ text: 'We ship on Monday. Tests pass. The docs are done.', rubric: ['clarity', 'correctness'] });
    const dense = await scoreText({
      text: 'Notwithstanding the aforementioned considerations, the organizational infrastructure necessitates comprehensive reconceptualization of interdepartmental communicational methodologies, particularly regarding institutional accountability.',
      rubric: ['clarity'],
    });
    const sloppy = await scoreText({ text: 'this is a example of of bad writting. i think its ok', rubric: ['correctness'] });
    expect(dense.scores[0]!.score).toBeLessThan(plain.scores[0]!.score);
    expect(sloppy.scores[0]!.score).toBeLessThan(plain.scores[1]!.score);
  });
});
