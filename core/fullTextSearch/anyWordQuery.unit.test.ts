import { anyWordQuery } from './anyWordQuery';

describe('a caller’s words as a tsquery', () => {
  it('matches any word, each quoted, so operators in the input are only text', () => {
    expect(anyWordQuery('Tone & notes | !secret')).toBe("'tone' | 'notes' | 'secret'");
    expect(anyWordQuery("it's über-fast")).toBe("'it' | 's' | 'über' | 'fast'");
  });

  it('drops repeats and gives nothing for text without words', () => {
    expect(anyWordQuery('alpha Alpha alpha')).toBe("'alpha'");
    expect(anyWordQuery(' :: ** ')).toBeNull();
  });
});
