import { asText, fieldOf, fillPlaceholders, PlaceholderProblem, scanPlaceholders } from './placeholders';

const summary = { summary: 'Late and crushed.', bullets: ['Late', 'Crushed'], format: 'short' };
const keywords = { keywords: [{ keyword: 'delivery', score: 0.9 }], tags: ['delivery', 'refund'] };

describe('placeholders', () => {
  it('finds every form the spec shows, and tells typos from literal braces', () => {
    const { refs, unknown } = scanPlaceholders({
      a: '{{prev_result}} and {{ prev.summary }}',
      b: ['$prev.result', '$prev.result.bullets.0', '{{prev_result.format}}'],
      c: '{{prev_results}} {{step1}} $prev.output {{#each items}} {{ }}',
    });
    expect(refs.map((r) => [r.raw, r.path.join('.')])).toEqual([
      ['{{prev_result}}', ''],
      ['{{ prev.summary }}', 'summary'],
      ['$prev.result', ''],
      ['$prev.result.bullets.0', 'bullets.0'],
      ['{{prev_result.format}}', 'format'],
    ]);
    expect(unknown).toEqual(['{{prev_results}}', '{{step1}}', '$prev.output']);
  });

  it('puts the main text of the previous result where the whole result is asked for inside text', () => {
    expect(fillPlaceholders({ text: 'Summary: {{prev_result}}', n: 3 }, fieldOf(summary))).toEqual({ text: 'Summary: Late and crushed.', n: 3 });
    expect(fillPlaceholders('$prev.result', fieldOf(summary))).toBe('Late and crushed.');
    // No main text field: the result as JSON.
    expect(fillPlaceholders('{{prev}}', fieldOf({ polarity: 'negative', score: -0.7 }))).toBe('{"polarity":"negative","score":-0.7}');
  });

  it('keeps the value of a field placeholder that is a whole string, and writes it as text inside one', () => {
    expect(fillPlaceholders({ categories: '{{prev.tags}}' }, fieldOf(keywords))).toEqual({ categories: ['delivery', 'refund'] });
    expect(fillPlaceholders({ n: ' {{prev.keywords.0.score}} ' }, fieldOf(keywords))).toEqual({ n: 0.9 });
    expect(fillPlaceholders('Tags: {{prev.tags}}; first: {{prev.keywords.0.keyword}}', fieldOf(keywords))).toBe('Tags: ["delivery","refund"]; first: delivery');
  });

  it('refuses a field the previous result does not have, naming the ones it has, and an unknown placeholder', () => {
    expect(() => fillPlaceholders('{{prev.summry}}', fieldOf(summary))).toThrow(
      new PlaceholderProblem('the previous result has no field "summry" (it has: summary, bullets, format)'),
    );
    expect(() => fillPlaceholders('x {{prev_results}}', fieldOf(summary))).toThrow(/unknown placeholder \{\{prev_results\}\}/);
  });

  it('reads a result as text by its main field, in order of preference', () => {
    expect(asText({ translation: 'Hallo', notes: 'x' })).toBe('Hallo');
    expect(asText({ text: '', summary: 'S' })).toBe('S');
    expect(asText(['a'])).toBe('["a"]');
  });
});
