import { proofread, type ProofreadResult } from './proofread';
import { confusedWordsIn } from './confusedWords';

const SLOPPY = 'this is a example of of bad writting.  We need to to fix it. i think it works.';
const CLEAN = 'The quarterly report is ready. Our team checked every figure, and the totals match the ledger.';

describe('proofread', () => {
  let r: ProofreadResult;
  beforeAll(async () => {
    r = await proofread({ text: SLOPPY });
  });
  const at = (original: string) => r.issues.find((i) => i.original === original);

  it('finds rule-based issues with positions that point at the offending text', () => {
    for (const issue of r.issues) expect(SLOPPY.slice(issue.start, issue.end)).toBe(issue.original);
    expect(at('a')).toMatchObject({ type: 'grammar', suggestions: ['an'] });
    expect(r.issues.some((i) => /of of/.test(i.original) && i.type === 'grammar')).toBe(true);
    expect(at('writting')?.suggestions).toContain('writing');
    expect(at('this')).toMatchObject({ type: 'capitalization', suggestions: ['This'] });
    expect(r.issues.some((i) => i.original === '  ')).toBe(true);
    expect(at('i')).toMatchObject({ suggestions: ['I'] });
  });

  it('applies the corrections it is sure of', () => {
    expect(r.corrected_text).toBe('This is an example of bad writing. We need to fix it. I think it works.');
  });

  it('gives careful prose a higher writing score than sloppy prose', async () => {
    const clean = await proofread({ text: CLEAN });
    expect(clean.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(clean.writing_score).toBeGreaterThan(r.writing_score);
    expect(clean.corrected_text).toBe(CLEAN);
  });

  it('fixes the issue’s sentence: their/there/its/a/are and "they hasn\'t" (1 of 6 before)', async () => {
    const fixed = await proofread({
      text: "Their going to the conference next week, but they hasn't booked there hotel yet. Its a important event for are team.",
    });
    expect(fixed.corrected_text).toBe(
      "They're going to the conference next week, but they haven't booked their hotel yet. It's an important event for our team.",
    );
    expect(fixed.method).toBe('harper-rules');
  });

  it('leaves British spellings, names and places alone', async () => {
    const text = 'Siobhan analysed the colour samples at the centre in Zürich, and Oyelaran organised the travelling exhibition.';
    expect((await proofread({ text })).corrected_text).toBe(text);
  });

  it('picks the spelling fix by how people mistype, not the first suggestion ("wich": which, not wish)', async () => {
    const result = await proofread({ text: 'This fixes a bug wich caused the crash. We recieved the writting.' });
    expect(result.corrected_text).toBe('This fixes a bug which caused the crash. We received the writing.');
  });

  it('keeps offsets right after an emoji (Harper counts characters, JavaScript UTF-16 units)', async () => {
    const text = 'Great day 😀😀. Its a important event.';
    const result = await proofread({ text });
    for (const c of result.corrections) expect(text.slice(c.start, c.end)).toBe(c.original);
    expect(result.corrected_text).toBe("Great day 😀😀. It's an important event.");
  });
});

describe('confusedWordsIn', () => {
  it.each([
    ['Your welcome to join us.', "You're"],
    ["You're order has shipped.", 'Your'],
    ['They said their happy with it.', "they're"],
    ['They want there invoices in PDF.', 'their'],
    ['The file is to large to upload.', 'too'],
    ['If you loose your badge, call us.', 'lose'],
    ['It is faster then the old one.', 'than'],
    ["Who's laptop is this?", 'Whose'],
    ['There is three reasons.', 'are'],
    ['The designers has finished.', 'have'],
  ])('%s → %s', (text, replacement) => {
    expect(confusedWordsIn(text).map((c) => c.replacement)).toContain(replacement);
  });

  it.each([
    'We share your address with couriers only to deliver your parcels.',
    'Most colds get better on their own within a week.',
    "It's time to go, and there is one reason for it.",
    'The loose screw rattled, so we tightened it too.',
  ])('leaves right uses alone: %s', (text) => {
    expect(confusedWordsIn(text)).toEqual([]);
  });
});
