import { at, recorded, resetScenario, rowsAfter } from '../../test/support/projectionScenario';
import { customAgentRuns } from './customAgentRunsProjection';
import { customAgents } from './customAgentsProjection';

beforeEach(resetScenario);

const agentId = 'cag_1';
const built = () =>
  recorded('CustomAgentBuilt', { agentId, owner: 'key:acct-1', name: 'digest', systemPrompt: 'Be brief.', tools: ['summarize'], model: 'auto', memory: false });
const loop = { type: 'loop' as const, config: { minutes: 30 } };
const finished = (runId: string, status: 'completed' | 'failed' | 'refused') =>
  recorded('CustomAgentRunFinished', { agentId, runId, callId: runId, trigger: 'loop', task: 'Report.', status, steps: [], totalSteps: 0, costMicros: 0 });

describe('custom_agents projection', () => {
  it('given nothing, when an agent is built and scheduled, then it is active with its configuration and schedule', () => {
    expect(rowsAfter(customAgents, [], [built(), recorded('CustomAgentScheduled', { agentId, schedule: loop })])).toEqual([
      {
        agent_id: agentId,
        owner: 'key:acct-1',
        name: 'digest',
        system_prompt: 'Be brief.',
        tools: ['summarize'],
        model: 'auto',
        memory: false,
        schedule: loop,
        schedule_state: 'active',
        status: 'active',
        consecutive_failures: 0,
        runs: 0,
        created_at: at(0),
        updated_at: at(1),
        archived_at: null,
      },
    ]);
  });

  it('counts failed and refused runs in a row, resets the count on a completed run and on a new schedule', () => {
    const given = [built(), recorded('CustomAgentScheduled', { agentId, schedule: loop })];
    expect(rowsAfter(customAgents, given, [finished('r1', 'failed'), finished('r2', 'refused')])).toMatchObject([{ consecutive_failures: 2, runs: 2 }]);
    resetScenario();
    const again = [built(), recorded('CustomAgentScheduled', { agentId, schedule: loop }), finished('r1', 'failed')];
    expect(rowsAfter(customAgents, again, [finished('r2', 'completed')])).toMatchObject([{ consecutive_failures: 0, runs: 2 }]);
    expect(
      rowsAfter(customAgents, again, [
        recorded('CustomAgentSchedulePaused', { agentId, consecutiveFailures: 1 }),
        recorded('CustomAgentScheduled', { agentId, schedule: loop }),
      ]),
    ).toMatchObject([{ consecutive_failures: 0, schedule_state: 'active' }]);
  });

  it('changes only the fields an update names, and archiving keeps the agent with no schedule', () => {
    const given = [built(), recorded('CustomAgentScheduled', { agentId, schedule: loop })];
    const when = [
      recorded('CustomAgentUpdated', { agentId, name: 'digest-2' }),
      recorded('CustomAgentUnscheduled', { agentId, reason: 'archived' }),
      recorded('CustomAgentArchived', { agentId }),
    ];
    expect(rowsAfter(customAgents, given, when)).toMatchObject([
      { name: 'digest-2', system_prompt: 'Be brief.', schedule: null, schedule_state: 'none', status: 'archived', archived_at: at(4) },
    ]);
  });
});

describe('custom_agent_runs projection', () => {
  it('given a started run, when it finishes, then it holds its answer, trace, steps and cost', () => {
    const started = recorded('CustomAgentRunStarted', { agentId, runId: 'r1', callId: 'r1', trigger: 'manual', task: 'Summarise.' });
    const done = recorded('CustomAgentRunFinished', {
      agentId,
      runId: 'r1',
      callId: 'r1',
      trigger: 'manual',
      task: 'Summarise.',
      status: 'completed',
      answer: 'Done.',
      stoppedBy: 'answer',
      steps: [{ step: 1, tool: 'summarize', ok: true }],
      totalSteps: 1,
      costMicros: 100_000,
      model: 'gpt-4o-mini',
    });
    expect(rowsAfter(customAgentRuns, [started], [done])).toEqual([
      {
        run_id: 'r1',
        agent_id: agentId,
        call_id: 'r1',
        trigger: 'manual',
        task: 'Summarise.',
        status: 'completed',
        answer: 'Done.',
        error: null,
        stopped_by: 'answer',
        trace: [{ step: 1, tool: 'summarize', ok: true }],
        steps: 1,
        cost_micros: 100_000,
        model: 'gpt-4o-mini',
        started_at: at(0),
        finished_at: at(1),
      },
    ]);
  });

  it('records a refused run that never started, with nothing charged', () => {
    expect(rowsAfter(customAgentRuns, [], [finished('r9', 'refused')])).toMatchObject([{ run_id: 'r9', status: 'refused', cost_micros: 0, started_at: at(0) }]);
  });
});
