/**
 * The agent network's paid writes and reads (memory, messages, knowledge, tasks, the marketplace, registering a
 * network agent): a tool run as a `toolCall` workflow beside its workflow task, with no model, acting as its payer
 * (so it needs a key or an x402 wallet), offered to MCP and to agents that name it. An entry spreads it and says the
 * rest; one that is read with GET says `method` itself.
 */
export const paid = {
  method: 'POST',
  category: 'agents',
  premium: false,
  freeTier: false,
  execution: 'local-activity',
  model: 'none',
  agents: 'when-named',
  mcp: true,
  needsIdentity: true,
} as const;
