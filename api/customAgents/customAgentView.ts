import type { CustomAgentRow } from '../../core/customAgents/customAgentsProjection';
import type { CustomAgentRunRow } from '../../core/customAgents/customAgentRunsProjection';
import { microsToUsd } from '../../schema/money';

/** A custom agent as its owner reads it. */
export function customAgentView(row: CustomAgentRow): Record<string, unknown> {
  return {
    agent_id: row.agent_id,
    name: row.name,
    system_prompt: row.system_prompt,
    tools: row.tools,
    model: row.model,
    memory: row.memory,
    schedule: row.schedule,
    schedule_state: row.schedule_state,
    status: row.status,
    consecutive_failures: row.consecutive_failures,
    runs: row.runs,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    archived_at: row.archived_at ? row.archived_at.toISOString() : null,
  };
}

/** One run as GET /agents/custom/{id}/runs lists it. */
export function customAgentRunView(row: CustomAgentRunRow): Record<string, unknown> {
  return {
    run_id: row.run_id,
    agent_id: row.agent_id,
    task: row.task,
    trigger: row.trigger,
    status: row.status,
    answer: row.answer,
    error: row.error,
    stopped_by: row.stopped_by,
    trace: row.trace,
    steps: row.steps,
    cost_usd: microsToUsd(Number(row.cost_micros)),
    model: row.model,
    started_at: row.started_at.toISOString(),
    finished_at: row.finished_at ? row.finished_at.toISOString() : null,
  };
}
