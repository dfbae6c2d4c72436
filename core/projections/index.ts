import { balances } from './balances';
import { calls } from './calls';
import { catalogEntries } from './catalogEntries';
import { deliveries } from './deliveries';
import { freeTierUsage } from './freeTierUsage';
import { jobs } from './jobs';
import { keys } from './keys';
import { relays } from './relays';
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
export type { CatalogEntryRow } from './catalogEntries';

/** The schema live projections are kept in; replay builds a fresh one beside it. */
export const LIVE_SCHEMA = 'projections';

export const allProjections: readonly AnyProjection[] = [balances, keys, freeTierUsage, calls, webhooks, deliveries, jobs, relays, catalogEntries];
export const inlineProjections = allProjections.filter((p) => p.mode === 'inline');
export const asyncProjections = allProjections.filter((p) => p.mode === 'async');

export { balances, calls, freeTierUsage, keys, webhooks, deliveries, jobs, relays, catalogEntries };
