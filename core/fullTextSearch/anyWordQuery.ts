/**
 * A caller's words as a to_tsquery() text matching any of them (`alpha | beta`), each quoted as a lexeme so no
 * operator in the input is read as syntax. Null when the text has no word at all.
 */
export function anyWordQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, 32);
  return unique.length ? unique.map((w) => `'${w}'`).join(' | ') : null;
}
