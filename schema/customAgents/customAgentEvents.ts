import type { CustomAgentSchedule, RunTrigger } from './customAgentSchedules';
import type { Owner } from '../agentNetwork';

/** What a custom agent is configured to be: its persona, the registry tools it may use and its model. */
export interface CustomAgentConfig {
  name: string;
  systemPrompt: string;
  tools: string[];
  model: string;
  /** Whether the agent keeps memory between runs (its `memory-<agentId>` store, offered through the memory tools). */
  memory: boolean;
}

/**
 * Custom agents live on their `agent-<agentId>` stream, after the AgentRegistered that makes them agents of the
 * network (so messages reach them and `npm run audit -- agent-<id>` shows their whole life): built, updated,
 * scheduled and unscheduled, archived, and every run started and finished.
 */
export interface CustomAgentEvents {
  CustomAgentBuilt: CustomAgentConfig & { agentId: string; owner: Owner };
  CustomAgentUpdated: Partial<CustomAgentConfig> & { agentId: string };
  CustomAgentScheduled: { agentId: string; schedule: CustomAgentSchedule };
  /** The schedule was removed: by its owner, because the agent was archived, or replaced by none. */
  CustomAgentUnscheduled: { agentId: string; reason: 'owner' | 'archived' };
  /** The schedule stopped firing after this many failed runs in a row; scheduling it again resumes it. */
  CustomAgentSchedulePaused: { agentId: string; consecutiveFailures: number };
  /** Archived, not removed: its events and runs stay readable; it runs no more. */
  CustomAgentArchived: { agentId: string };
  CustomAgentRunStarted: { agentId: string; runId: string; callId: string; trigger: RunTrigger; task: string; eventId?: string };
  CustomAgentRunFinished: {
    agentId: string;
    runId: string;
    callId: string;
    trigger: RunTrigger;
    task: string;
    status: 'completed' | 'failed' | 'refused';
    answer?: string;
    error?: string;
    stoppedBy?: string;
    steps: unknown[];
    totalSteps: number;
    costMicros: number;
    model?: string;
  };
}
