import type { Features } from '../features';
import type { UnionToIntersection } from '../schemaFeature';
import type { AccountEvents } from './accountEvents';
import type { CallEvents } from './callEvents';
import type { FreeTierEvents } from './freeTierEvents';
import type { KeyEvents } from './keyEvents';
import type { PaymentEvents } from './paymentEvents';

export type { Payer, PayerKind, RejectionReason, TokenUsage } from './callEvents';
export type { KeySpend } from './accountEvents';
export type { TaskFilter } from '../tasks/taskEvents';
export type { CustomAgentConfig } from '../customAgents/customAgentEvents';

/** The ledger's own events: keys, accounts, calls, the free tier, x402 payments (every feature builds on them). */
export type CoreEvents = AccountEvents & CallEvents & KeyEvents & FreeTierEvents & PaymentEvents;

/** Every feature's events (schema/<feature>/feature.ts names them), one intersection over the list of features. */
export type FeatureEvents = UnionToIntersection<{ [F in keyof Features]: NonNullable<Features[F]['events']> }[keyof Features]>;

/** Every event the service records, by type. Names are past-tense facts. */
export type EventMap = CoreEvents & FeatureEvents;
export type EventType = keyof EventMap;

export type DomainEvent = { [K in EventType]: { type: K; data: EventMap[K] } }[EventType];
export type EventOf<K extends EventType> = Extract<DomainEvent, { type: K }>;

/** Who caused an event and why: request id, actor, client IP, workflow id. */
export interface EventMetadata {
  requestId?: string;
  actor?: string;
  ip?: string;
  workflowId?: string;
  [key: string]: unknown;
}

export function event<K extends EventType>(type: K, data: EventMap[K]): EventOf<K> {
  return { type, data } as EventOf<K>;
}
