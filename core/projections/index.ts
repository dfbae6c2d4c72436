import { agentReputation } from '../networkAgents/agentReputationProjection';
import { agents } from '../networkAgents/agentsProjection';
import { balances } from './balances';
import { broadcasts } from '../messages/broadcastsProjection';
import { calls } from './calls';
import { catalogEntries } from '../catalog/catalogEntriesProjection';
import { customAgentRuns } from '../customAgents/customAgentRunsProjection';
import { customAgents } from '../customAgents/customAgentsProjection';
import { deliveries } from '../webhooks/deliveriesProjection';
import { files } from '../files/filesProjection';
import { freeTierUsage } from './freeTierUsage';
import { jobs } from '../jobs/jobsProjection';
import { keys } from './keys';
import { knowledgeEntries } from '../knowledge/knowledgeEntriesProjection';
import { knowledgeVotes } from '../knowledge/knowledgeVotesProjection';
import { listings } from '../marketplace/listingsProjection';
import { memoryEntries } from '../memory/memoryEntriesProjection';
import { messages } from '../messages/messagesProjection';
import { relays } from '../relay/relaysProjection';
import { skills } from '../skills/skillsProjection';
import { tasks } from '../tasks/tasksProjection';
import { taskSubscriptions } from '../tasks/taskSubscriptionsProjection';
import type { AnyProjection } from './types';
import { webhooks } from '../webhooks/webhooksProjection';

export type { Projection, AnyProjection, Row, ColumnType } from './types';
export { applyToTable } from './applyToTable';
export { InMemoryProjection } from './evolveInMemory';
export { createProjectionTable, dropProjectionTable, projectionDefinition } from './projectionTable';
export type { BalanceRow } from './balances';
export type { KeyRow } from './keys';
export type { CallRow } from './calls';
export type { FreeTierUsageRow } from './freeTierUsage';
export type { WebhookRow } from '../webhooks/webhooksProjection';
export type { DeliveryRow, DeliveryAttemptRecord } from '../webhooks/deliveriesProjection';
export type { JobRow } from '../jobs/jobsProjection';
export type { RelayRow } from '../relay/relaysProjection';
export type { AgentRow } from '../networkAgents/agentsProjection';
export type { AgentReputationRow } from '../networkAgents/agentReputationProjection';
export type { MemoryEntryRow } from '../memory/memoryEntriesProjection';
export type { MessageRow } from '../messages/messagesProjection';
export type { BroadcastRow } from '../messages/broadcastsProjection';
export type { KnowledgeEntryRow } from '../knowledge/knowledgeEntriesProjection';
export type { KnowledgeVoteRow } from '../knowledge/knowledgeVotesProjection';
export type { TaskRow, TaskStatus } from '../tasks/tasksProjection';
export type { TaskSubscriptionRow } from '../tasks/taskSubscriptionsProjection';
export type { ListingRow } from '../marketplace/listingsProjection';
export type { CatalogEntryRow } from '../catalog/catalogEntriesProjection';
export type { FileRow } from '../files/filesProjection';
export type { SkillRow } from '../skills/skillsProjection';
export type { CustomAgentRow } from '../customAgents/customAgentsProjection';
export type { CustomAgentRunRow } from '../customAgents/customAgentRunsProjection';

/** The schema live projections are kept in; replay builds a fresh one beside it. */
export const LIVE_SCHEMA = 'projections';

export const allProjections: readonly AnyProjection[] = [
  balances,
  keys,
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

export { balances, calls, freeTierUsage, keys, webhooks, deliveries, jobs, relays, catalogEntries };
export { customAgents, customAgentRuns, files, skills };
export { agents, agentReputation, memoryEntries, messages, broadcasts, knowledgeEntries, knowledgeVotes, tasks, taskSubscriptions, listings };
