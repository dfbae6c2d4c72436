import type { ToolResult } from '../../schema/calls';
import { serviceMetrics } from '../../core/metrics/serviceMetrics';
import type { RunToolRequest } from '../tools/runTool';
import type { TimedRunTool } from './quickLocalCall';
import { measuringUpstreamTime } from './upstreamRequests';

/**
 * A tool run with what the answer says of its time: `durationMs` (what the call's events record) and `upstreamMs`,
 * the part spent waiting on model providers and data sources (the answer's Server-Timing `upstream`), and its duration
 * in toolgate_tool_run_duration_seconds.
 */
export function timedRunTool(runTool: (request: RunToolRequest) => Promise<ToolResult>): TimedRunTool {
  return async (request) => {
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
