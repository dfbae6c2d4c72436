import type { ActivitiesFeature } from '../features';
import type { messageTools as messagesEntries } from '../../schema/messages/messageTools';
import type { FamilyImplementations } from '../tools/toolImplementation';
import { broadcast } from './broadcast';
import { reply } from './reply';
import { send } from './send';
import { broadcastActivities } from './broadcastActivities';

/** Agent-to-agent messaging (schema/messages/messageTools.ts); the inbox is read through api/messages/. */
const messageTools: FamilyImplementations<typeof messagesEntries> = {
  'message/send': send,
  'message/reply': reply,
  'message/broadcast': broadcast,
};

declare module '../features' {
  interface FeatureActivities {
    messages: ReturnType<typeof broadcastActivities>;
  }
}

export const feature = { tools: messageTools, activities: broadcastActivities } satisfies ActivitiesFeature;
