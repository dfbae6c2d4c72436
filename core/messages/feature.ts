import type { CoreFeature } from '../features';
import { broadcastReactions } from './broadcastReaction';
import { broadcasts, type BroadcastRow } from './broadcastsProjection';
import { messages, type MessageRow } from './messagesProjection';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    broadcasts: BroadcastRow;
    messages: MessageRow;
  }
}

/** Inboxes and broadcasts. */
export const feature: CoreFeature = { projections: [messages, broadcasts], reactions: broadcastReactions };
