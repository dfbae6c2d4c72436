import type { TaskFilter } from '../../schema/events';
import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export interface BoardTaskSubscriptionRow {
  subscription_id: string;
  owner: string;
  callback_url: string;
  filter: TaskFilter;
  created_at: Date;
}

/**
 * Where new tasks are delivered. Inline: the trigger that matches a posted task reads it in the same log order
 * (a subscription made before a task hears about it, one made after does not).
 */
export const boardTaskSubscriptions: Projection<BoardTaskSubscriptionRow> = {
  name: 'boardTaskSubscriptions',
  version: 1,
  mode: 'inline',
  table: 'board_task_subscriptions',
  columns: { subscription_id: 'text', owner: 'text', callback_url: 'text', filter: 'jsonb', created_at: 'timestamptz' },
  key: ['subscription_id'],
  indexes: [['created_at']],
  handles: ['TaskSubscriptionCreated'],
  keysOf: (event) => [{ subscription_id: (event as StoredEventOf<'TaskSubscriptionCreated'>).data.subscriptionId }],
  initial: (key, event) => ({ subscription_id: key.subscription_id as string, owner: '', callback_url: '', filter: {}, created_at: event.recordedAt }),
  evolve(row, stored) {
    const { owner, callbackUrl, filter } = (stored as StoredEventOf<'TaskSubscriptionCreated'>).data;
    return { ...row, owner, callback_url: callbackUrl, filter, created_at: stored.recordedAt };
  },
};
