import type { CustomAgentSchedule } from '../../schema/customAgents/customAgentSchedules';
import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from '../projections/types';

export interface CustomAgentRow {
  agent_id: string;
  owner: string;
  name: string;
  system_prompt: string;
  tools: string[];
  model: string;
  memory: boolean;
  schedule: CustomAgentSchedule | null;
  /** none, active, or paused after consecutive failures. */
  schedule_state: 'none' | 'active' | 'paused';
  status: 'active' | 'archived';
  consecutive_failures: number;
  runs: number;
  created_at: Date;
  updated_at: Date;
  archived_at: Date | null;
}

type CustomAgentEvent = StoredEventOf<
  | 'CustomAgentBuilt'
  | 'CustomAgentUpdated'
  | 'CustomAgentScheduled'
  | 'CustomAgentUnscheduled'
  | 'CustomAgentSchedulePaused'
  | 'CustomAgentArchived'
  | 'CustomAgentRunFinished'
>;

/**
 * Custom agents' configuration and state. Inline: the owner reads an agent right after building or changing it, and
 * a scheduled run counts the failures in a row here to decide whether to pause the schedule.
 */
export const customAgents: Projection<CustomAgentRow> = {
  name: 'custom_agents',
  version: 1,
  mode: 'inline',
  table: 'custom_agents',
  columns: {
    agent_id: 'text',
    owner: 'text',
    name: 'text',
    system_prompt: 'text',
    tools: 'jsonb',
    model: 'text',
    memory: 'boolean',
    schedule: 'jsonb',
    schedule_state: 'text',
    status: 'text',
    consecutive_failures: 'integer',
    runs: 'integer',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    archived_at: 'timestamptz',
  },
  key: ['agent_id'],
  indexes: [['owner', 'created_at']],
  handles: [
    'CustomAgentBuilt',
    'CustomAgentUpdated',
    'CustomAgentScheduled',
    'CustomAgentUnscheduled',
    'CustomAgentSchedulePaused',
    'CustomAgentArchived',
    'CustomAgentRunFinished',
  ],
  keysOf: (event) => [{ agent_id: (event as CustomAgentEvent).data.agentId }],
  initial: (key, event) => ({
    agent_id: key.agent_id as string,
    owner: '',
    name: '',
    system_prompt: '',
    tools: [],
    model: 'auto',
    memory: false,
    schedule: null,
    schedule_state: 'none',
    status: 'active',
    consecutive_failures: 0,
    runs: 0,
    created_at: event.recordedAt,
    updated_at: event.recordedAt,
    archived_at: null,
  }),
  evolve(row, stored) {
    const event = stored as CustomAgentEvent;
    const at = { updated_at: event.recordedAt };
    switch (event.type) {
      case 'CustomAgentBuilt': {
        const { owner, name, systemPrompt, tools, model, memory } = event.data;
        return { ...row, ...at, owner, name, system_prompt: systemPrompt, tools, model, memory, created_at: event.recordedAt };
      }
      case 'CustomAgentUpdated': {
        const { name, systemPrompt, tools, model, memory } = event.data;
        return {
          ...row,
          ...at,
          ...(name !== undefined ? { name } : {}),
          ...(systemPrompt !== undefined ? { system_prompt: systemPrompt } : {}),
          ...(tools !== undefined ? { tools } : {}),
          ...(model !== undefined ? { model } : {}),
          ...(memory !== undefined ? { memory } : {}),
        };
      }
      case 'CustomAgentScheduled':
        return { ...row, ...at, schedule: event.data.schedule, schedule_state: 'active', consecutive_failures: 0 };
      case 'CustomAgentUnscheduled':
        return { ...row, ...at, schedule: null, schedule_state: 'none' };
      case 'CustomAgentSchedulePaused':
        return { ...row, ...at, schedule_state: 'paused' };
      case 'CustomAgentArchived':
        return { ...row, ...at, status: 'archived', archived_at: event.recordedAt };
      case 'CustomAgentRunFinished':
        return {
          ...row,
          runs: row.runs + 1,
          consecutive_failures: event.data.status === 'completed' ? 0 : row.consecutive_failures + 1,
        };
    }
  },
};
