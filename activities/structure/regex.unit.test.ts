import { generateRegex } from './regex';

const CASES = [
  { name: 'ISO dates', examples: ['2024-01-15', '1999-12-31', '2023-07-04'], non_examples: ['2024-1-15', '24-01-15', 'abcd-ef-gh', '2024-01-15x'] },
  { name: 'invoice numbers', examples: ['INV-0042', 'INV-1337', 'INV-9001'], non_examples: ['INV-42', 'ABC-1234', 'inv-0042'] },
  { name: 'emails', examples: ['john.doe@example.com', 'jane@mail.co.uk', 'a_b@x.io'], non_examples: ['not an email', 'a@b', '@x.com', 'john.doe@'] },
  { name: 'hex colours', examples: ['#ff00aa', '#00ff11', '#abc123'], non_examples: ['ff00aa', '#ggg000', '#ff00a'] },
  { name: 'versions', examples: ['v1.2.3', 'v10.0.1', 'v2.14.0'], non_examples: ['1.2.3', 'v1.2', 'v1.2.3.4'] },
  { name: 'words without a shape', examples: ['cat', 'dog', 'bird'], non_examples: ['cats', 'Dog'] },
];

describe('regex from examples', () => {
  it.each(CASES)('$name: matches every example and no non-example', ({ examples, non_examples }) => {
    const r = generateRegex({ examples, non_examples });
    const re = new RegExp(r.pattern, r.flags);
    for (const e of examples) expect(re.test(e)).toBe(true);
    for (const n of non_examples) expect(re.test(n)).toBe(false);
    expect(r.verified).toBe(true);
    expect(r.matches.every((m) => m.matched)).toBe(true);
    expect(r.non_matches.some((m) => m.matched)).toBe(false);
  });

  it('generalises beyond the examples when nothing forbids it', () => {
    const r = generateRegex({ examples: ['2024-01-15', '1999-12-31'] });
    expect(new RegExp(r.pattern, r.flags).test('2031-06-30')).toBe(true);
    expect(r.pattern).not.toContain('2024');
  });

  it('reads quoted examples and non-examples from a description', () => {
    const r = generateRegex({ text: 'Order ids like "ORD-2024-001" or "ORD-2023-117", but not "ORD-24-1".' });
    const re = new RegExp(r.pattern, r.flags);
    expect(re.test('ORD-2024-001')).toBe(true);
    expect(re.test('ORD-24-1')).toBe(false);
    expect(r.non_matches).toEqual([{ text: 'ORD-24-1', matched: false }]);
  });
});
