import type { Config } from '../../schema/config';

/**
 * Calls without credentials are counted per allowance, per UTC day, on the free-tier stream of its id: the HTTP free
 * tier per client IP (the id is the IP), and the MCP route's own daily allowance per client IP (`mcp:<ip>`), so
 * using one never spends the other.
 */
export function mcpAllowanceId(ip: string): string {
  return `${MCP_PREFIX}${ip}`;
}

export function isMcpAllowance(allowanceId: string): boolean {
  return allowanceId.startsWith(MCP_PREFIX);
}

export function dailyFreeCalls(allowanceId: string, config: Pick<Config, 'freeTierDaily' | 'mcpFreeDaily'>): number {
  return isMcpAllowance(allowanceId) ? config.mcpFreeDaily : config.freeTierDaily;
}

const MCP_PREFIX = 'mcp:';
