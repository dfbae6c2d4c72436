import type { EventStore } from '../eventStore';
import { createSkill } from './createSkill';
import { starterSkills } from './starterLibrary';

/** The start-up step (API and worker both run it): each starter skill into the log once; a second run adds nothing. */
export async function seedStarterSkills(store: EventStore): Promise<{ added: number; present: number }> {
  let added = 0;
  for (const skill of starterSkills) if ((await createSkill(store, skill, null)) === 'created') added++;
  return { added, present: starterSkills.length - added };
}
