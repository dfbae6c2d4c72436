import { at, recorded, resetScenario, rowsAfter } from '../../test/support/projectionScenario';
import { relays } from './relaysProjection';

beforeEach(resetScenario);

describe('relays projection', () => {
  it('given one relay, when another is created, then each is owned by the account that created it', () => {
    const given = [recorded('RelayCreated', { relayId: 'r1', accountId: 'acct-1' })];
    const when = [recorded('RelayCreated', { relayId: 'r2', accountId: 'acct-2' })];
    expect(rowsAfter(relays, given, when)).toEqual([
      { relay_id: 'r1', account_id: 'acct-1', created_at: at(0) },
      { relay_id: 'r2', account_id: 'acct-2', created_at: at(1) },
    ]);
  });

  it('ignores the purge of a relay’s events: the relay itself stays', () => {
    const given = [recorded('RelayCreated', { relayId: 'r1', accountId: 'acct-1' })];
    const when = [recorded('RelayEventsPurged', { receivedBefore: '2026-03-01T00:00:00Z', count: 3, retentionHours: 24 })];
    expect(rowsAfter(relays, given, when)).toMatchObject([{ relay_id: 'r1' }]);
  });
});
