import { schemaFeature } from '../schemaFeature';
import { messageSettings } from './messageSettings';
import { messageTools } from './messageTools';
import type { MessageEvents } from './messageEvents';

/** Messages between network agents: inboxes and broadcasts (inbox-<agentId>, broadcasts-<owner>). */
export const feature = schemaFeature<MessageEvents>()({
  tools: messageTools,
  streams: {
    inbox: (agentId: string) => `inbox-${agentId}`,
    broadcasts: (owner: string) => `broadcasts-${owner}`,
  },
  settings: { title: 'Messages and broadcasts', settings: messageSettings },
});
