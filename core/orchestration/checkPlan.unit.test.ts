import { checkPlan } from './checkPlan';
import { createModelRouter } from '../../activities/providers';

// No provider configured: tools with an offline method run beside the workflow, generative ones cannot run.
const offline = createModelRouter({ providers: new Map() });
const text = 'The refund took a month and support never answered.';

describe('checking a plan before it runs', () => {
  it('accepts valid steps and says where each runs', () => {
    const checked = checkPlan(
      'chain',
      {
        steps: [
          { action: '/summarize', params: { text, format: 'short' } },
          { action: 'code/run', params: { code: 'print(1)' } },
          { action: 'sentiment', params: { content: '{{prev_result.stdout}}' } },
        ],
      },
      offline,
    );
    expect(checked).toEqual({
      ok: true,
      value: {
        form: 'action',
        steps: [
          { step: 1, tool: 'summarize', params: { text, format: 'short' }, execution: 'local-activity' },
          { step: 2, tool: 'code/run', params: { code: 'print(1)' }, execution: 'activity' },
          { step: 3, tool: 'sentiment', params: { content: '{{prev_result.stdout}}' }, execution: 'local-activity' },
        ],
      },
    });
  });

  it('checks the next input with samples of the right type from the previous tool’s output schema', () => {
    const lists = checkPlan(
      'pipeline',
      {
        steps: [
          { action: 'keywords', params: { text } },
          { action: 'classify', params: { text, categories: '{{prev.tags}}' } },
        ],
      },
      offline,
    );
    expect(lists.ok).toBe(true);
    // analyze's `statistics` is an open object: any field below it may be named.
    const open = checkPlan(
      'pipeline',
      {
        steps: [
          { action: 'analyze', params: { text } },
          { action: 'sentiment', params: { text: 'Words: {{prev.statistics.words}}' } },
        ],
      },
      offline,
    );
    expect(open.ok).toBe(true);
    const wrongType = checkPlan(
      'pipeline',
      {
        steps: [
          { action: 'keywords', params: { text } },
          { action: 'sentiment', params: { text: '{{prev.tags}}' } },
        ],
      },
      offline,
    );
    expect(wrongType).toMatchObject({ ok: false, problem: { step: 2, kind: 'invalid', message: 'step 2 (sentiment): text must be a string' } });
  });

  it('answers a generative step with no provider as model-unavailable, naming the variables to set', () => {
    const checked = checkPlan(
      'batch',
      {
        operations: [
          { tool: 'sentiment', input: { text } },
          { tool: 'translate', input: { text, language: 'de' } },
        ],
      },
      offline,
    );
    expect(checked).toMatchObject({
      ok: false,
      problem: { step: 2, kind: 'model-unavailable', message: expect.stringMatching(/^operation 2 \(translate\): /) },
    });
    expect(!checked.ok && checked.problem.hint).toContain('OPENAI_API_KEY');
  });

  it('takes the tutorial form, and refuses a step that names its tool twice', () => {
    expect(checkPlan('chain', { steps: [{ tool: 'sentiment', input: { text } }] }, offline)).toMatchObject({ ok: true, value: { form: 'tool' } });
    expect(checkPlan('chain', { steps: [{ action: 'sentiment', tool: 'keywords', params: { text } }] }, offline)).toMatchObject({
      ok: false,
      problem: { step: 1, message: 'step 1: name the tool once, as `action` or `tool`' },
    });
  });
});
