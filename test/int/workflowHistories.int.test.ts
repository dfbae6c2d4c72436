import { installWorkerRuntime } from '../../workers/runtime';
import { replayOptions } from '../support/replayOptions';
import { historyTexts, recordedHistories, registeredWorkflowTypes, replayRecorded, SECRET_PATTERNS } from '../support/workflowHistories';

/**
 * Every recorded history under test/histories (npm run histories:record, one folder per release) replayed against the
 * current workflow code, with the bundle the workers load: a change to a workflow that would break the workflows of
 * that type still running after a deploy (a custom agent's schedule, a job's callback retried for days) fails here,
 * naming the workflow type, the file and the event the replay disagreed with. Such a change goes behind patched(), or
 * becomes a new workflow type (docs/operating.md, "Upgrading").
 */
const { histories, problems } = recordedHistories();
beforeAll(() => installWorkerRuntime('ERROR'));

describe('the recorded workflow histories (test/histories)', () => {
  it('are there, indexed, each in the folder of its workflow type', () => {
    expect(histories.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    const misplaced = histories
      .filter((h) => h.workflowType !== h.folderType)
      .map((h) => `${h.file} is a ${h.workflowType ?? 'history without a start event'}`);
    expect(misplaced).toEqual([]);
  });

  it('cover every workflow type the bundle registers: a new workflow type merges with a recorded history', () => {
    const registered = registeredWorkflowTypes();
    expect(registered).toContain('toolCall');
    const recorded = new Set(histories.map((h) => h.workflowType));
    const missing = registered.filter((type) => !recorded.has(type));
    // Record them: npm run histories:record (docs/operating.md, "Upgrading").
    expect(missing.map((type) => `${type}: no recorded history under test/histories (npm run histories:record)`)).toEqual([]);
  });

  it('hold no key or signing secret', () => {
    const leaks = histories.flatMap((h) =>
      SECRET_PATTERNS.filter((pattern) => historyTexts(h.json).some((text) => pattern.test(text))).map((pattern) => `${h.file}: ${String(pattern)}`),
    );
    expect(leaks).toEqual([]);
  });

  it('replay against the current workflow code without a determinism violation', async () => {
    const { replayed, failures } = await replayRecorded(histories, replayOptions());
    expect(replayed).toBe(histories.length);
    // A failure here means running workflows of that type would fail after a deploy: put the change behind patched().
    expect(failures).toEqual([]);
  }, 120_000);
});
