import type { A2AEvents } from '../a2a/events';
import type { AccountEvents } from './accountEvents';
import type { AgentEvents } from './agentEvents';
import type { CallEvents } from './callEvents';
import type { CatalogEvents } from './catalogEvents';
import type { CustomAgentEvents } from './customAgentEvents';
import type { DeliveryEvents } from './deliveryEvents';
import type { FileEvents } from './fileEvents';
import type { FreeTierEvents } from './freeTierEvents';
import type { JobEvents } from './jobEvents';
import type { KeyEvents } from './keyEvents';
import type { KnowledgeEvents } from './knowledgeEvents';
import type { MarketplaceEvents } from './marketplaceEvents';
import type { MemoryEvents } from './memoryEvents';
import type { MessageEvents } from './messageEvents';
import type { PaymentEvents } from './paymentEvents';
import type { RelayEvents } from './relayEvents';
import type { SkillEvents } from './skillEvents';
import type { TaskEvents } from './taskEvents';
import type { WebhookEvents } from './webhookEvents';

export type { Payer, PayerKind, RejectionReason, TokenUsage } from './callEvents';
export type { KeySpend } from './accountEvents';
export type { TaskFilter } from './taskEvents';
export type { CustomAgentConfig } from './customAgentEvents';

/** Every event the service records, by type. Names are past-tense facts. */
export type EventMap = AccountEvents &
  CallEvents &
  KeyEvents &
  FreeTierEvents &
  PaymentEvents &
  WebhookEvents &
  DeliveryEvents &
  JobEvents &
  RelayEvents &
  AgentEvents &
  MemoryEvents &
  MessageEvents &
  KnowledgeEvents &
  TaskEvents &
  MarketplaceEvents &
  CatalogEvents &
  FileEvents &
  SkillEvents &
  CustomAgentEvents &
  A2AEvents;
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

/** Stream names: `<category>-<id>`. */
export const streams = {
  account: (accountId: string) => `account-${accountId}`,
  key: (keyId: string) => `key-${keyId}`,
  call: (callId: string) => `call-${callId}`,
  freeTier: (ip: string, day: string) => `freetier-${ip}-${day}`,
  trialClaims: (ip: string, day: string) => `trialclaims-${ip}-${day}`,
  x402Nonce: (nonce: string) => `x402nonce-${nonce.toLowerCase()}`,
  webhook: (webhookId: string) => `webhook-${webhookId}`,
  delivery: (deliveryId: string) => `delivery-${deliveryId}`,
  job: (jobId: string) => `job-${jobId}`,
  relay: (relayId: string) => `relay-${relayId}`,
  relayPurges: (day: string) => `relaypurge-${day}`,
  agent: (agentId: string) => `agent-${agentId}`,
  siweNonce: (nonce: string) => `siwe-${nonce}`,
  memory: (agentId: string) => `memory-${agentId}`,
  inbox: (agentId: string) => `inbox-${agentId}`,
  broadcasts: (owner: string) => `broadcasts-${owner}`,
  knowledge: (entryId: string) => `knowledge-${entryId}`,
  task: (taskId: string) => `task-${taskId}`,
  taskSubscription: (subscriptionId: string) => `tasksub-${subscriptionId}`,
  listing: (listingId: string) => `listing-${listingId}`,
  catalogEntry: (apiId: string) => `catalog-${apiId}`,
  file: (fileId: string) => `file-${fileId}`,
  skill: (skillId: string) => `skill-${skillId}`,
  a2aTask: (taskId: string) => `a2atask-${taskId}`,
} as const;
