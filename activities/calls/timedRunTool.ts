import { ApplicationFailure } from '@temporalio/common';
import { CallErrors, type ToolResult } from '../../schema/calls';
import type { Clock } from '../../core/clock/clock';
import { serviceMetrics } from '../../core/metrics/serviceMetrics';
import type { RunToolRequest } from '../tools/runTool';
import type { TimedRunTool } from './quickLocalCall';
import { measuringUpstreamTime } from './upstreamRequests';

/**
 * A tool run with what the answer says of its time: `durationMs` (what the call's events record) and `upstreamMs`,
 * the part spent waiting on model providers and data sources (the answer's Server-Timing `upstream`), and its duration
 * in toolgate_tool_run_duration_seconds. A run that would begin after its caller's deadline (it waited in a queue
 * that long) does not begin: nobody is waiting for its answer.
 */
export function timedRunTool(runTool: (request: RunToolRequest) => Promise<ToolResult>, clock: Clock): TimedRunTool {
  return async (request) => {
    if (request.deadline !== undefined && clock.now().getTime() >= request.deadline) throw deadlinePassed(request.deadline);
    const started = performance.now();
    let outcome: 'ok' | 'failed' = 'failed';
    try {
      const { result, upstreamMs } = await measuringUpstreamTime(() => runTool(request));
      outcome = 'ok';
      return { ...result, durationMs: Math.round(performance.now() - started), ...(upstreamMs === undefined ? {} : { upstreamMs }) };
    } finally {
      serviceMetrics.toolRunDuration.observe({ tool: request.tool, outcome }, (performance.now() - started) / 1000);
    }
  };
}

/** The failure of a run its caller's deadline overtook: not retried (it would be later still), refunded, 504. */
export function deadlinePassed(deadline: number): ApplicationFailure {
  return ApplicationFailure.create({
    type: CallErrors.deadlineExceeded,
    message: `the caller's deadline (${new Date(deadline).toISOString()}) passed before the tool started; nothing was charged`,
    nonRetryable: true,
  });
}
