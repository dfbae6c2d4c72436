import { balances } from './balances';
import { calls } from './calls';
import { freeTierUsage } from './freeTierUsage';
import { keys } from './keys';
import type { AnyProjection } from './types';

export type { Projection, AnyProjection, Row, ColumnType } from './types';
export { applyToTable } from './applyToTable';
export { InMemoryProjection } from './evolveInMemory';
export { createProjectionTable, dropProjectionTable, projectionDefinition } from './projectionTable';
export type { BalanceRow } from './balances';
export type { KeyRow } from './keys';
export type { CallRow } from './calls';
export type { FreeTierUsageRow } from './freeTierUsage';

/** The schema live projections are kept in; replay builds a fresh one beside it. */
export const LIVE_SCHEMA = 'projections';

export const allProjections: readonly AnyProjection[] = [balances, keys, freeTierUsage, calls];
export const inlineProjections = allProjections.filter((p) => p.mode === 'inline');
export const asyncProjections = allProjections.filter((p) => p.mode === 'async');

export { balances, calls, freeTierUsage, keys };
