import type { CallScope } from '../../core/calls/applyOnce';
import { actingOwner } from '../../core/networkAgents/ownedNetworkAgent';
import { invalidInput } from '../../core/calls/callFailures';
import type { Owner } from '../../schema/agentNetwork';
import type { ToolResult } from '../../schema/calls';
import { InvalidAmount, type Micros, usdToMicros } from '../../schema/money';
import type { ToolContext } from './toolImplementation';

/**
 * A tool whose work is state (the agent network): it acts as its payer, within the call's scope (ids and the
 * once-only record derive from the call), and answers without a model.
 */
export function stateTool<I>(
  tool: string,
  work: (input: I, acting: { owner: Owner; scope: CallScope; context: ToolContext }) => Promise<Record<string, unknown>>,
) {
  return {
    run: async (input: Record<string, unknown>, context: ToolContext): Promise<ToolResult> => {
      const owner = actingOwner(context.payer);
      const scope: CallScope = { callId: context.callId, tool, actor: owner, requestId: context.requestId };
      const output = await work(input as I, { owner, scope, context });
      return { output, model: 'none', tokens: { input: 0, output: 0 } };
    },
  };
}

/** A USD amount from the input as micro-USD, exactly; more than 6 decimals is the caller's mistake (400). */
export function microsOf(usd: number, field: string): Micros {
  try {
    return usdToMicros(usd);
  } catch (error) {
    if (error instanceof InvalidAmount) throw invalidInput(`${field} has more than 6 decimals`, 'USD amounts are exact to the micro-USD (6 decimals).');
    throw error;
  }
}
