import { closest } from './closest';
import { applyAliases } from './applyAliases';
import { compileValidator } from './validator';
import { compileToolInput } from './checkToolInput';
import { byName } from '../../schema/registry';

describe('input validation from the registry', () => {
  const summarize = byName.get('summarize')!;
  const check = compileValidator(summarize.input, 'body');

  it('accepts the canonical fields, fills defaults, and leaves the input untouched', () => {
    const input = { text: 'One. Two.' };
    const result = check(input);
    expect(result).toEqual({ ok: true, value: { text: 'One. Two.', format: 'bullets' } });
    expect(input).toEqual({ text: 'One. Two.' });
  });

  it('moves aliases to their canonical names, the canonical one winning', () => {
    expect(applyAliases({ content: 'a' }, { content: 'text' })).toEqual({ text: 'a' });
    expect(applyAliases({ content: 'a', text: 'b' }, { content: 'text' })).toEqual({ text: 'b' });
  });

  it("holds an alias to its canonical field's schema even when the canonical field is sent too (and wins)", () => {
    const generateKey = byName.get('auth/generate-key')!;
    const checkKey = compileToolInput(generateKey, 'body');
    expect(checkKey({ label: 'mine', name: 'x'.repeat(101) })).toMatchObject({ ok: false, problems: [{ message: 'name must be at most 100 characters' }] });
    expect(checkKey({ label: 'mine', name: 'other' })).toEqual({ ok: true, value: { label: 'mine' } });
    expect(checkKey({ name: 'mine' })).toEqual({ ok: true, value: { label: 'mine' } });
  });

  it('names every problem in words a caller can act on', () => {
    const result = check({ fromat: 'short', max_sentences: 0 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.message)).toEqual(
      expect.arrayContaining(['missing required field "text"', 'unknown field "fromat" (did you mean "format"?)', 'max_sentences must be >= 1']),
    );
  });

  it('coerces query strings for GET tools', () => {
    const random = compileValidator(byName.get('free/random')!.input, 'query');
    expect(random({ min: '5', max: '9' })).toEqual({ ok: true, value: { min: 5, max: 9, count: 1 } });
  });
});

describe('closest path', () => {
  it('suggests the nearest real path and nothing when none is near', () => {
    expect(closest('/sentimnt', ['/sentiment', '/summarize'])).toBe('/sentiment');
    expect(closest('/totally/unrelated/thing', ['/sentiment', '/summarize'])).toBeNull();
  });
});
