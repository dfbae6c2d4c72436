import { outline } from './outline';

const PLAN = `# Launch plan

We are launching the new billing service in May.

## Preparation
Finance needs the new price list. Support must learn the refund flow.

## Rollout
- Enable the service for 5% of accounts
- Watch error rates for a week
- Expand to everyone

### Rollback
If error rates double, we switch back to the old service within an hour.

## Follow-up
We will review churn a month after launch.`;

describe('outline', () => {
  it("nests the author's headings by level, with their listed items as points", () => {
    const r = outline({ text: PLAN });
    expect(r.structure).toBe('headings');
    expect(r.title).toBe('Launch plan');
    const [root] = r.outline;
    expect(root!.children.map((c) => c.heading)).toEqual(['Preparation', 'Rollout', 'Follow-up']);
    const rollout = root!.children[1]!;
    expect(rollout.points).toEqual(['Enable the service for 5% of accounts', 'Watch error rates for a week', 'Expand to everyone']);
    expect(rollout.children.map((c) => c.heading)).toEqual(['Rollback']);
    expect(r.markdown).toContain('- **Rollout**');
  });

  it('stops at the depth asked for, folding deeper sections into their parent', () => {
    const r = outline({ text: PLAN, max_depth: 2 });
    const rollout = r.outline[0]!.children[1]!;
    expect(rollout.children).toEqual([]);
    expect(rollout.points.join(' ')).toContain('switch back');
  });

  it('builds sections from paragraphs when there are no headings, headed by their key phrase', () => {
    const text =
      'Solar panels turn sunlight into electricity. Solar cells in the panels absorb photons and release electrons.\n\n' +
      'Home batteries store surplus energy for the night. Battery storage also protects a home against outages.';
    const r = outline({ text, max_points: 1 });
    expect(r.structure).toBe('paragraphs');
    expect(r.outline).toHaveLength(2);
    expect(r.outline[0]!.heading.toLowerCase()).toMatch(/solar|panel/);
    expect(r.outline[1]!.heading.toLowerCase()).toMatch(/batter|storage|energy/);
    for (const node of r.outline) expect(node.points).toHaveLength(1);
  });
});
