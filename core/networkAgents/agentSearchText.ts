/** What an agent's vector is made from: its name's words, description and capabilities. */
export function agentSearchText(agent: { name: string; description: string; capabilities: readonly string[] }): string {
  const capabilities = agent.capabilities.length ? ` (${agent.capabilities.join(', ')})` : '';
  return `${agent.name.replace(/[-_]+/g, ' ')}: ${agent.description}${capabilities}`;
}
