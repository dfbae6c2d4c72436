import type { AppDeps } from '../deps';

/**
 * Takes a place in this process's admission for a call its caller waits for (a tool's route, POST /execute, an MCP
 * tools/call), or throws the 503 that refuses it; true when a place was taken (given back by executeToolCall, or by
 * prepareCall when it refuses the call afterwards). A place taken on the request's arrival (shedEarly) is taken over.
 * Not for a repeat that collects a call already started (it holds nothing new), nor for async jobs and A2A tasks,
 * which nobody waits on and Temporal's queue holds.
 */
export function admitCall(
  deps: Pick<AppDeps, 'admission'>,
  origin: {
    readonly channel: string;
    readonly callId: string;
    readonly attaching?: boolean;
    readonly arrivedAt?: number;
    /** The place shedEarly took for the request, which the call takes over. */
    readonly admissionTicket?: string;
    /** Who the caller is as far as admission can tell (callerTag), for its share of the places. */
    readonly callerTag?: string;
  },
  quick: boolean,
): boolean {
  if (!deps.admission) return false;
  if (origin.attaching) {
    // A repeat collecting a call already running holds no place of its own: the one taken for it on arrival is given back.
    if (origin.admissionTicket) deps.admission.release(origin.admissionTicket);
    return false;
  }
  if (origin.channel !== 'http' && origin.channel !== 'execute' && origin.channel !== 'mcp') return false;
  const pool = quick ? 'local' : 'upstream';
  if (origin.admissionTicket && deps.admission.transfer(origin.admissionTicket, origin.callId, pool)) return true;
  deps.admission.admit(origin.callId, pool, origin.arrivedAt, origin.callerTag);
  return true;
}
