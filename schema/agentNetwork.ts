/**
 * What the agent network's features share: who owns an agent, and the limits of the fields every family uses (tags,
 * search words, pages). Each feature's own limits and formulas sit under its name: `schema/networkAgents/`
 * (an agent's profile, reputation), `schema/memory/`, `schema/messages/`, `schema/knowledge/` (trending),
 * `schema/tasks/`, `schema/marketplace/` (a sale's split).
 */

/**
 * Who owns an agent (and so its memory, inbox, tasks and listings): the account of the key that registered it
 * (`key:<accountId>`), or the wallet that did (`wallet:<address>`, paying with x402 or holding a wallet session).
 */
export type Owner = `key:${string}` | `wallet:${string}`;

/** Limits of the fields the agent network's families share (schema/registry/agentFields.ts). */
export const NETWORK_LIMITS = {
  tags: 10,
  tagLength: 50,
  searchQuery: 500,
  pageSize: 100,
} as const;
