import { checkPlan } from './checkPlan';
import { createModelRouter } from '../../activities/providers';
import { applyAliases } from '../validation/applyAliases';
import { compileValidator } from '../validation/validator';
import { byName, registry } from '../../schema/registry';

const orchestration = registry.filter((e) => e.category === 'orchestration');
const check = (name: string, input: Record<string, unknown>) =>
  compileValidator(byName.get(name)!.input, 'body')(applyAliases(input, byName.get(name)!.aliases));

describe('the orchestration endpoints in the registry', () => {
  it('are the six of spec §4.1 at their prices, all paid (outside the free tier)', () => {
    expect(Object.fromEntries(orchestration.map((e) => [e.path, e.price]))).toEqual({
      '/chain': 50_000,
      '/pipeline': 50_000,
      '/batch': 30_000,
      '/workflow': 100_000,
      '/agent': 100_000,
      '/agent/stream': 100_000,
    });
    for (const entry of orchestration) expect([entry.name, entry.freeTier, entry.method]).toEqual([entry.name, false, 'POST']);
    expect(byName.get('agent/stream')!.streaming).toBe('always');
  });

  it('accept their examples, and the examples’ steps check out', () => {
    const offline = createModelRouter({ providers: new Map() });
    for (const entry of orchestration) {
      const result = check(entry.name, { ...entry.example });
      expect([entry.name, result.ok ? 'ok' : result.problems]).toEqual([entry.name, 'ok']);
    }
    for (const kind of ['chain', 'pipeline', 'batch'] as const)
      expect([kind, checkPlan(kind, { ...byName.get(kind)!.example }, offline).ok]).toEqual([kind, true]);
  });

  it('accept the variants the spec shows as aliases', () => {
    expect(check('batch', { requests: [{ endpoint: 'sentiment', params: { text: 'x' } }] })).toMatchObject({
      ok: true,
      value: { operations: [{ endpoint: 'sentiment' }] },
    });
    expect(check('agent', { goal: 'Find out', max_iterations: 3 })).toMatchObject({ ok: true, value: { task: 'Find out', max_steps: 3 } });
    expect(check('workflow', { task: 'Plan it' })).toMatchObject({ ok: true, value: { goal: 'Plan it', max_steps: 3 } });
    expect(check('agent', { task: 'x', max_steps: 11 }).ok).toBe(false);
    expect(check('chain', { steps: Array.from({ length: 6 }, () => ({ action: 'sentiment' })) }).ok).toBe(false);
  });
});
