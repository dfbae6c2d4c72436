import type { Client } from '@temporalio/client';
import type { Transaction } from 'kysely';
import type { Config } from '../../schema/config';
import type { EventType } from '../../schema/events';
import type { Tables } from '../db/tables';
import type { StoredEvent } from '../eventStore/types';
import type { SubscriptionHandler } from './subscriber';

/** What a feature's reactions start things with: the worker's Temporal client and task queue, and the configuration. */
export interface ReactionDeps {
  readonly client: Client;
  readonly taskQueue: string;
  readonly config: Config;
}

/**
 * What a feature does when one of its events is recorded (start a timer, a fan-out, a delivery …), as part of a
 * subscription: the subscription's checkpoint advances only after every reaction of a batch succeeded, so every
 * workflow a reaction starts must take an id derived from the event (read twice, it starts nothing twice).
 * Features may share a subscription (one checkpoint), as the agent network's tasks and messages do.
 */
export interface Reaction {
  /** The subscription (and so the checkpoint) it runs under. */
  readonly subscription: string;
  readonly handles: readonly EventType[];
  react(trx: Transaction<Tables>, stored: StoredEvent): Promise<void>;
}

/** One subscription handler per subscription named by the reactions, in their order; each event goes to every reaction that handles it. */
export function subscriptionsOf(reactions: readonly Reaction[]): SubscriptionHandler[] {
  const byId = new Map<string, Reaction[]>();
  for (const reaction of reactions) byId.set(reaction.subscription, [...(byId.get(reaction.subscription) ?? []), reaction]);
  return [...byId].map(([id, members]) => ({
    id,
    handles: [...new Set(members.flatMap((m) => m.handles))],
    async handle(trx, events) {
      for (const stored of events) {
        for (const member of members) if (member.handles.includes(stored.type)) await member.react(trx, stored);
      }
    },
  }));
}

/**
 * The agent network's subscription, shared by the task board's and the messages' reactions: its checkpoint predates
 * their split into features, and a new name would start from the log's beginning.
 */
export const AGENT_NETWORK_SUBSCRIPTION = 'agent-network';
