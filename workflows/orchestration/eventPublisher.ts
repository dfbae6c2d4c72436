import type { ToolCallRequest } from '../../schema/calls';
import type { AgentLoopEvent } from '../../schema/orchestration/agentLoopEvents';
import { beside } from './proxies';

/**
 * The call's events for a caller reading them (/agent/stream), numbered in the order they happen; nothing is
 * published otherwise. A local activity publishes them, and the API drops a repeat by its number.
 */
export function eventPublisher(request: ToolCallRequest): (...events: AgentLoopEvent[]) => Promise<void> {
  let seq = 0;
  return async (...events) => {
    const numbered = events.map((e) => ({ ...e, seq: ++seq }));
    if (request.stream) await beside.publishCallEvents({ callId: request.callId, events: numbered });
  };
}
