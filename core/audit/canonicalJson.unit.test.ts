import { canonicalJson } from './canonicalJson';

describe('canonical JSON (RFC 8785)', () => {
  it('sorts members by their names’ UTF-16 code units (RFC 8785 §3.2.3)', () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Dalet',
      '1': 'One',
      '\ud83d\ude00': 'Emoji',
      '\u0080': 'Control',
      '\u00f6': 'o',
    };
    expect(canonicalJson(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"o","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji","\ufb33":"Dalet"}',
    );
  });

  it('writes numbers and strings as ECMAScript does, with no whitespace', () => {
    expect(canonicalJson({ b: [1e21, 0.1, -0, 1e-7, 333333333.3333333], a: 'line\nbreak "quoted" \\ \u001f' })).toBe(
      '{"a":"line\\nbreak \\"quoted\\" \\\\ \\u001f","b":[1e+21,0.1,0,1e-7,333333333.3333333]}',
    );
  });

  it('reads a value as JSON.stringify sends it, so what is stored and read back canonicalises the same', () => {
    const value = { at: new Date('2026-11-29T08:00:00.000Z'), gone: undefined, list: [undefined, NaN, () => 1], nested: { z: 1, a: [true, null] } };
    expect(canonicalJson(value)).toBe(canonicalJson(JSON.parse(JSON.stringify(value))));
    expect(canonicalJson(value)).toBe('{"at":"2026-11-29T08:00:00.000Z","list":[null,null,null],"nested":{"a":[true,null],"z":1}}');
  });
});
