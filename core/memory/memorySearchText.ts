/**
 * What a memory entry's vector is made from: its key's words and its value (a string as it is, anything else as
 * JSON), so "favourite-sport: swimming" is found by "swim" and by "what exercise does the user like".
 */
export function memorySearchText(key: string, value: unknown, tags: readonly string[] = []): string {
  const keyWords = key.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  const valueText = typeof value === 'string' ? value : JSON.stringify(value);
  return [keyWords, valueText, tags.length ? `(${tags.join(', ')})` : ''].filter(Boolean).join(': ');
}
