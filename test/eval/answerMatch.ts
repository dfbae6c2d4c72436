/** Lower case, one kind of apostrophe, no thousands separators, single spaces, no trailing full stop. */
export function normalized(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/(\d),(\d{3})/g, '$1$2')
    .replace(/\s+/g, ' ')
    .replace(/[.\s]+$/, '')
    .trim();
}

export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The accepted answer the text contains, if any. */
export function acceptedIn(text: string, accepted: readonly string[]): string | undefined {
  const said = normalized(text);
  return accepted.find((a) => said.includes(normalized(a)));
}

/**
 * A short answer is right when it holds an accepted answer and not much besides (a phrase, not the whole document);
 * a question answered by a sentence ("what is the frame made of?") may have the sentence.
 */
export function answers(text: string, accepted: readonly string[], sentence = false): boolean {
  const found = acceptedIn(text, accepted);
  if (!found) return false;
  return sentence ? wordCount(text) <= 60 : wordCount(text) <= wordCount(found) + 4;
}
