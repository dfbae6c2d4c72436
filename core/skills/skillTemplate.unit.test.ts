import { fillTemplate, placeholdersOf } from './skillTemplate';

describe('skill templates', () => {
  it('names each placeholder once, in order, spaces inside the braces allowed', () => {
    expect(placeholdersOf('{{a}} and {{ b }} then {{a}}; {not} {{1x}}')).toEqual(['a', 'b']);
  });

  it('fills text as is, other values as JSON, and absent ones as nothing', () => {
    expect(fillTemplate('Hi {{name}}, {{ items }}; {{missing}}.', { name: 'Ana', items: [1, 2] })).toBe('Hi Ana, [1,2]; .');
  });

  it('does not re-read placeholders that a value contains', () => {
    expect(fillTemplate('{{a}}', { a: '{{b}}', b: 'no' })).toBe('{{b}}');
  });
});
