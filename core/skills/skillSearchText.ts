import { LIVE_SCHEMA } from '../projections/liveSchema';
import { shared, type SearchableCollection } from '../searchByMeaning/searchableCollection';

/** What a skill's vector is made from: its name's words, its description, category and tags. */
export function skillSearchText(skill: { skill_id: string; description: string; category: string; tags: readonly string[] }): string {
  const tags = skill.tags.length ? `; ${skill.tags.join(', ')}` : '';
  return `${skill.skill_id.replace(/-/g, ' ')}: ${skill.description} (${skill.category}${tags})`;
}

/** Skills by meaning: shared, stamped with created_at (searchSkills reads the same). */
export const skillSearchable: SearchableCollection = {
  collection: 'skills',
  writtenBy: { SkillCreated: (data) => shared(data.skillId) },
  async textsOf(db, items) {
    const rows = await db
      .withSchema(LIVE_SCHEMA)
      .selectFrom('skills')
      .select(['skill_id', 'description', 'category', 'tags', 'created_at'])
      .where(
        'skill_id',
        'in',
        items.map((i) => i.item),
      )
      .execute();
    return rows.map((r) => ({ ...shared(r.skill_id), text: skillSearchText(r), stamp: r.created_at }));
  },
};
