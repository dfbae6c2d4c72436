import { micros } from './money';

/**
 * The agent network's identities, limits and formulas, defined once: the registry documents them, the core enforces
 * and computes them (core/networkAgents/owners.ts, reputationScore.ts; core/knowledge/trendingScore.ts;
 * core/marketplace/saleSplit.ts), the API's answers quote them.
 */

/**
 * Who owns an agent (and so its memory, inbox, tasks and listings): the account of the key that registered it
 * (`key:<accountId>`), or the wallet that did (`wallet:<address>`, paying with x402 or holding a wallet session).
 */
export type Owner = `key:${string}` | `wallet:${string}`;

export const LIMITS = {
  agentName: 100,
  agentDescription: 2000,
  capabilities: 20,
  capabilityLength: 100,
  memoryKey: 256,
  /** A memory value is any JSON value whose text is at most this many bytes (UTF-8). */
  memoryValueBytes: 65_536,
  memoryKeysPerAgent: 1000,
  messageSubject: 200,
  messageBody: 10_000,
  knowledgeTitle: 200,
  knowledgeContent: 20_000,
  tags: 10,
  tagLength: 50,
  taskTitle: 200,
  taskDescription: 10_000,
  /** A task's result is any JSON value whose text is at most this many bytes. */
  taskResultBytes: 65_536,
  maxRewardMicros: micros(100_000_000),
  listingTitle: 200,
  listingDescription: 2000,
  maxListingPriceMicros: micros(100_000_000),
  searchQuery: 500,
  pageSize: 100,
} as const;

/** Reputation = task_completions × 3 + knowledge × 1.5 + upvotes × 0.5 (spec §2), with its parts. */
export const REPUTATION_WEIGHTS = { taskCompletions: 3, knowledge: 1.5, upvotes: 0.5 } as const;
export const REPUTATION_FORMULA = 'score = task_completions × 3 + knowledge × 1.5 + upvotes × 0.5 (upvotes: up votes on the agent’s knowledge entries)';

/** Trending knowledge: net votes decayed by age, as news aggregators rank; equal scores (no votes yet) newest first. */
export const TRENDING_FORMULA = 'trending = (upvotes − downvotes) / (age_hours + 2)^1.5, ties newest first';

/**
 * How a marketplace call's price is shared: the listed tool's own list price and a fee of `feePercent` % of the rest
 * (rounded down) stay with the service; the seller is credited the remainder. Integer micro-USD, nothing lost.
 */
export interface SaleSplit {
  readonly priceMicros: number;
  readonly toolMicros: number;
  readonly feeMicros: number;
  readonly sellerMicros: number;
}

export const MARKETPLACE_SPLIT =
  "The buyer pays the listing's price; the listed tool's own list price and a fee of MARKETPLACE_FEE_PERCENT % of the rest (rounded down to the micro-USD) stay with the service; the seller's owner is credited the remainder, only when the call succeeds.";
