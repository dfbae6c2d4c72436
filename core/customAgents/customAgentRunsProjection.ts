import type { RunTrigger } from '../../schema/customAgents/customAgentSchedules';
import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export interface CustomAgentRunRow {
  run_id: string;
  agent_id: string;
  call_id: string;
  trigger: RunTrigger;
  task: string;
  status: 'running' | 'completed' | 'failed' | 'refused';
  answer: string | null;
  error: string | null;
  stopped_by: string | null;
  trace: unknown[];
  steps: number;
  cost_micros: number;
  model: string | null;
  started_at: Date;
  finished_at: Date | null;
}

type RunEvent = StoredEventOf<'CustomAgentRunStarted' | 'CustomAgentRunFinished'>;

/** Every run of a custom agent. Inline: the owner reads a run's record as soon as its answer came back. */
export const customAgentRuns: Projection<CustomAgentRunRow> = {
  name: 'custom_agent_runs',
  version: 1,
  mode: 'inline',
  table: 'custom_agent_runs',
  columns: {
    run_id: 'text',
    agent_id: 'text',
    call_id: 'text',
    trigger: 'text',
    task: 'text',
    status: 'text',
    answer: 'text',
    error: 'text',
    stopped_by: 'text',
    trace: 'jsonb',
    steps: 'integer',
    cost_micros: 'bigint',
    model: 'text',
    started_at: 'timestamptz',
    finished_at: 'timestamptz',
  },
  key: ['run_id'],
  indexes: [['agent_id', 'started_at']],
  handles: ['CustomAgentRunStarted', 'CustomAgentRunFinished'],
  keysOf: (event) => [{ run_id: (event as RunEvent).data.runId }],
  initial: (key, event) => ({
    run_id: key.run_id as string,
    agent_id: '',
    call_id: '',
    trigger: 'manual',
    task: '',
    status: 'running',
    answer: null,
    error: null,
    stopped_by: null,
    trace: [],
    steps: 0,
    cost_micros: 0,
    model: null,
    started_at: event.recordedAt,
    finished_at: null,
  }),
  evolve(row, stored) {
    const event = stored as RunEvent;
    const { agentId, callId, trigger, task } = event.data;
    if (event.type === 'CustomAgentRunStarted') return { ...row, agent_id: agentId, call_id: callId, trigger, task, started_at: event.recordedAt };
    const { status, answer, error, stoppedBy, steps, totalSteps, costMicros, model } = event.data;
    return {
      ...row,
      agent_id: agentId,
      call_id: callId,
      trigger,
      task,
      status,
      answer: answer ?? null,
      error: error ?? null,
      stopped_by: stoppedBy ?? null,
      trace: steps,
      steps: totalSteps,
      cost_micros: costMicros,
      model: model ?? null,
      finished_at: event.recordedAt,
    };
  },
};
