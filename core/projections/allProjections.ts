import { coreFeatures } from '../features';
import { balances } from './balances';
import { calls } from './calls';
import { freeTierUsage } from './freeTierUsage';
import { keys } from './keys';
import { keySecrets } from '../accounts/keySecrets';
import { keySpend } from '../accounts/keySpend';
import type { AnyProjection } from './types';

/** The ledger's read models (balances, an account's keys: their settings, secrets and spend), then every feature's (core/<feature>/feature.ts), in the order of schema/features.ts. */
export const allProjections: readonly AnyProjection[] = [
  balances,
  keys,
  keySecrets,
  keySpend,
  freeTierUsage,
  calls,
  ...[...coreFeatures.values()].flatMap((f) => f.projections),
];
export const inlineProjections = allProjections.filter((p) => p.mode === 'inline');
export const asyncProjections = allProjections.filter((p) => p.mode === 'async');
