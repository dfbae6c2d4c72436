import type { TaskFilter } from '../../schema/events';
import { boardTaskMatches } from '../tasks/boardTaskMatches';
import { runsOnTask } from './customAgentEventTrigger';

const posted = (title: string, description: string, tags: string[] = []) => ({
  taskId: 'tsk_1',
  posterAgentId: 'agt_poster',
  posterOwner: 'key:acc_1',
  title,
  description,
  tags,
  rewardMicros: 10_000,
  claimSeconds: 3600,
});

/** A custom agent whose event schedule runs on tasks matching `tags` and `q`. */
const agentOn = (filter: { tags?: string[]; q?: string }) => ({
  agent_id: 'cag_1',
  schedule: { type: 'event' as const, config: { trigger: 'task' as const, ...filter } },
});

// Queries whose words are split by punctuation as well as by spaces: where two splitting rules would disagree.
const cases: [TaskFilter, ReturnType<typeof posted>][] = [
  [{ q: 'node.js' }, posted('Port a node js tool', 'Small CLI')],
  [{ q: 'node.js' }, posted('Port a Node.js tool', 'Small CLI')],
  [{ q: 'C++ review' }, posted('Review a C library', 'About 2k lines')],
  [{ q: 'german—english' }, posted('Translate', 'From German to English')],
  [{ q: '  GERMAN   english ' }, posted('Translate', 'From German to English')],
  [{ q: 'french' }, posted('Translate', 'From German to English')],
  [{ tags: ['lead'], q: 'acme' }, posted('Qualify lead ACME', 'A developer tools company', ['lead'])],
  [{ tags: ['support'] }, posted('Qualify lead ACME', 'A developer tools company', ['lead'])],
];

describe('a posted task, as custom agents and the task board see it', () => {
  it.each(cases)('runs a custom agent on %j exactly when a board subscription with the same filter is told of it', (filter, task) => {
    expect(runsOnTask(agentOn(filter), task)).toBe(boardTaskMatches(filter, task));
  });

  it('reads a query’s words the same way for both: punctuation splits words', () => {
    expect(runsOnTask(agentOn({ q: 'node.js' }), posted('Port a node js tool', 'Small CLI'))).toBe(true);
    expect(runsOnTask(agentOn({ q: 'C++ review' }), posted('Review a C library', 'About 2k lines'))).toBe(true);
  });

  it('never runs the agent that posted the task', () => {
    expect(runsOnTask({ ...agentOn({}), agent_id: 'agt_poster' }, posted('Anything', 'At all'))).toBe(false);
  });
});
