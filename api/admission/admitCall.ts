import type { AppDeps } from '../deps';

/**
 * Takes a place in this process's admission for a call its caller waits for (a tool's route, POST /execute, an MCP
 * tools/call), or throws the 503 that refuses it; true when a place was taken (given back by executeToolCall, or by
 * prepareCall when it refuses the call afterwards). Not for a repeat that collects a call already started (it holds
 * nothing new), nor for async jobs and A2A tasks, which nobody waits on and Temporal's queue holds.
 */
export function admitCall(
  deps: Pick<AppDeps, 'admission'>,
  origin: { readonly channel: string; readonly callId: string; readonly attaching?: boolean; readonly arrivedAt?: number },
  quick: boolean,
): boolean {
  if (!deps.admission || origin.attaching) return false;
  if (origin.channel !== 'http' && origin.channel !== 'execute' && origin.channel !== 'mcp') return false;
  deps.admission.admit(origin.callId, quick ? 'local' : 'upstream', origin.arrivedAt);
  return true;
}
