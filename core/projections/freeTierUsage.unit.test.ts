import { recorded, resetScenario, rowsAfter } from '../../test/support/projectionScenario';
import { freeTierUsage } from './freeTierUsage';

beforeEach(resetScenario);

const used = (callId: string, ip = '203.0.113.7') => recorded('FreeCallUsed', { ip, day: '2026-03-02', callId, tool: 'sentiment' });

describe('freeTierUsage projection', () => {
  it('given two free calls, when a third is used, then the IP has used three that day', () => {
    expect(rowsAfter(freeTierUsage, [used('c1'), used('c2')], [used('c3')])).toEqual([{ ip: '203.0.113.7', day: '2026-03-02', used: 3, exhausted: false }]);
  });

  it('given a used call, when it is returned (the call failed), then it counts no more, and never below zero', () => {
    const returned = (callId: string) => recorded('FreeCallReturned', { ip: '203.0.113.7', day: '2026-03-02', callId });
    expect(rowsAfter(freeTierUsage, [used('c1')], [returned('c1'), returned('c1')])).toMatchObject([{ used: 0 }]);
  });

  it('given the day’s calls used, when the tier is exhausted, then the row says so', () => {
    const when = recorded('FreeTierExhausted', { ip: '203.0.113.7', day: '2026-03-02', limit: 3 });
    expect(rowsAfter(freeTierUsage, [used('c1'), used('c2'), used('c3')], [when])).toMatchObject([{ used: 3, exhausted: true }]);
  });

  it('counts each IP and day on its own', () => {
    const nextDay = recorded('FreeCallUsed', { ip: '203.0.113.7', day: '2026-03-03', callId: 'c9', tool: 'sentiment' });
    const rows = rowsAfter(freeTierUsage, [used('c1'), used('c2', '198.51.100.1')], [nextDay]);
    expect(rows.map((r) => [r.ip, r.day, r.used])).toEqual([
      ['203.0.113.7', '2026-03-02', 1],
      ['198.51.100.1', '2026-03-02', 1],
      ['203.0.113.7', '2026-03-03', 1],
    ]);
  });
});
