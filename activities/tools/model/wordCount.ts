/** Words of a text as a reader counts them: markdown marks such as `#` or `-` are not words. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}
