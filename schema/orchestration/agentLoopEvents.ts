/**
 * What /agent/stream sends as the agent works, one server-sent event each (the event name is `type` in the data):
 *
 * - `thought` {step, text}: the model's reasoning for its next move;
 * - `tool_call` {step, tool, input}: the tool it chose and the input it gave;
 * - `tool_result` {step, tool, ok, result | error, model, time_ms}: what the tool answered (a long result is cut to
 *   `result_preview` with `truncated: true`; the `done` event has it whole);
 * - `final` {answer, stopped_by, total_steps}: the agent's answer, and why it stopped (answer, max_steps, budget).
 *
 * Every event carries `seq`, its place in the run. The stream then ends with the call's `done` event {result,
 * _meta}, or `error` when the call fails after the stream opened.
 */
export type AgentLoopEventName = 'thought' | 'tool_call' | 'tool_result' | 'final';

export interface AgentLoopEvent {
  readonly event: AgentLoopEventName;
  readonly data: Record<string, unknown>;
}

export const AGENT_LOOP_EVENT_KINDS: readonly AgentLoopEventName[] = ['thought', 'tool_call', 'tool_result', 'final'];
