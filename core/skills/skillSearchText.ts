/** What a skill's vector is made from: its name's words, its description, category and tags. */
export function skillSearchText(skill: { skill_id: string; description: string; category: string; tags: readonly string[] }): string {
  const tags = skill.tags.length ? `; ${skill.tags.join(', ')}` : '';
  return `${skill.skill_id.replace(/-/g, ' ')}: ${skill.description} (${skill.category}${tags})`;
}
