/** What a knowledge entry's vector is made from: title, tags, then content (the model reads its opening ~256 tokens). */
export function knowledgeSearchText(entry: { title: string; content: string; tags: readonly string[] }): string {
  const tags = entry.tags.length ? ` (${entry.tags.join(', ')})` : '';
  return `${entry.title}${tags}: ${entry.content}`;
}
