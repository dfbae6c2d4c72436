import { extractActions } from './action';

const MINUTES = `Weekly sync, 4 March. We reviewed the Q1 numbers and churn was lower than expected.
Alice will send the revised budget to finance by Friday, and Bob should review the vendor contract.
The launch went well last week. Please update the public roadmap before March 20.
TODO: renew the SSL certificate ASAP.`;

describe('action items', () => {
  const { action_items: items } = extractActions({ text: MINUTES, reference_date: '2024-03-04' }, new Date('2024-03-04'));
  const find = (word: string) => items.find((i) => i.action.includes(word));

  it('takes the clause with the deadline as an action item, with its owner and due date', () => {
    const budget = find('budget');
    expect(budget).toBeDefined();
    expect(budget!.owner).toBe('Alice');
    // 4 March 2024 is a Monday: "by Friday" is that week's Friday, not the one before.
    expect(budget!.due_date).toBe('2024-03-08');
    expect(budget!.source).toContain('by Friday');
    expect(budget!.source).not.toContain('Bob');
    expect(MINUTES.slice(budget!.start, budget!.end)).toBe(budget!.source);
  });

  it('splits a second commitment joined by "and" into its own item with its own owner and no deadline', () => {
    const contract = find('contract');
    expect(contract?.owner).toBe('Bob');
    expect(contract?.due_date).toBeNull();
  });

  it('reads requests and marked items, and rates an ASAP item as high priority', () => {
    expect(find('roadmap')).toMatchObject({ kind: 'request', due_date: '2024-03-20' });
    expect(find('certificate')).toMatchObject({ kind: 'marked', priority: 'high' });
  });

  it('leaves out statements of what already happened', () => {
    expect(items.some((i) => /reviewed|went well/.test(i.source))).toBe(false);
    expect(items).toHaveLength(4);
  });
});
