import type { Db } from '../db/createDb';
import type { SkillRow } from './skillsProjection';
import { LIVE_SCHEMA } from '../projections/liveSchema';

export async function findSkill(db: Db, skillId: string): Promise<SkillRow | undefined> {
  return db.withSchema(LIVE_SCHEMA).selectFrom('skills').selectAll().where('skill_id', '=', skillId).executeTakeFirst();
}
