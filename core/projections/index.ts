import { keySecrets } from '../accounts/keySecrets';
import { keySpend } from '../accounts/keySpend';
import { agentReputation } from './agentReputation';
import { agents } from './agents';
import { balances } from './balances';
import { broadcasts } from './broadcasts';
import { calls } from './calls';
import { catalogEntries } from './catalogEntries';
import { customAgentRuns } from './customAgentRuns';
import { customAgents } from './customAgents';
import { deliveries } from './deliveries';
import { files } from './files';
import { freeTierUsage } from './freeTierUsage';
import { jobs } from './jobs';
import { keys } from './keys';
import { knowledgeEntries } from './knowledgeEntries';
import { knowledgeVotes } from './knowledgeVotes';
import { listings } from './listings';
import { memoryEntries } from './memoryEntries';
import { messages } from './messages';
import { relays } from './relays';
import { skills } from './skills';
import { tasks } from './tasks';
import { taskSubscriptions } from './taskSubscriptions';
import type { AnyProjection } from './types';
import { webhooks } from './webhooks';

export type { Projection, AnyProjection, Row, ColumnType } from './types';
export { applyToTable } from './applyToTable';
export { InMemoryProjection } from './evolveInMemory';
export { createProjectionTable, dropProjectionTable, projectionDefinition } from './projectionTable';
export type { BalanceRow } from './balances';
export type { KeyRow } from './keys';
export type { CallRow } from './calls';
export type { FreeTierUsageRow } from './freeTierUsage';
export type { WebhookRow } from './webhooks';
export type { DeliveryRow, DeliveryAttemptRecord } from './deliveries';
export type { JobRow } from './jobs';
export type { RelayRow } from './relays';
export type { AgentRow } from './agents';
export type { AgentReputationRow } from './agentReputation';
export type { MemoryEntryRow } from './memoryEntries';
export type { MessageRow } from './messages';
export type { BroadcastRow } from './broadcasts';
export type { KnowledgeEntryRow } from './knowledgeEntries';
export type { KnowledgeVoteRow } from './knowledgeVotes';
export type { TaskRow, TaskStatus } from './tasks';
export type { TaskSubscriptionRow } from './taskSubscriptions';
export type { ListingRow } from './listings';
export type { CatalogEntryRow } from './catalogEntries';
export type { FileRow } from './files';
export type { SkillRow } from './skills';
export type { CustomAgentRow } from './customAgents';
export type { CustomAgentRunRow } from './customAgentRuns';

/** The schema live projections are kept in; replay builds a fresh one beside it. */
export const LIVE_SCHEMA = 'projections';

export const allProjections: readonly AnyProjection[] = [
  balances,
  keys,
  keySecrets,
  keySpend,
  freeTierUsage,
  calls,
  webhooks,
  deliveries,
  jobs,
  relays,
  agents,
  agentReputation,
  memoryEntries,
  messages,
  broadcasts,
  knowledgeEntries,
  knowledgeVotes,
  tasks,
  taskSubscriptions,
  listings,
  catalogEntries,
  files,
  skills,
  customAgents,
  customAgentRuns,
];
export const inlineProjections = allProjections.filter((p) => p.mode === 'inline');
export const asyncProjections = allProjections.filter((p) => p.mode === 'async');

export { balances, calls, freeTierUsage, keys, keySecrets, keySpend, webhooks, deliveries, jobs, relays, catalogEntries };
export { customAgents, customAgentRuns, files, skills };
export { agents, agentReputation, memoryEntries, messages, broadcasts, knowledgeEntries, knowledgeVotes, tasks, taskSubscriptions, listings };
