import { at, recorded, resetScenario, rowsAfter } from '../../test/support/projectionScenario';
import { keys } from './keys';

beforeEach(resetScenario);

const created = () => recorded('KeyCreated', { keyId: 'k1', accountId: 'acct-1', keyHash: 'hash-1', masked: 'apk_Ab3d…x9Zq', label: 'ci' });

describe('keys projection', () => {
  it('given nothing, when a key is created, then it can be found by its hash with its account, label and mask', () => {
    expect(rowsAfter(keys, [], [created()])).toEqual([
      { key_hash: 'hash-1', key_id: 'k1', account_id: 'acct-1', label: 'ci', masked: 'apk_Ab3d…x9Zq', created_at: at(0), revoked: false },
    ]);
  });

  it('given a created key, when it is revoked, then it stays listed but revoked', () => {
    const given = [created()];
    const when = recorded('KeyRevoked', { keyId: 'k1', keyHash: 'hash-1', reason: 'leaked' });
    expect(rowsAfter(keys, given, [when])).toMatchObject([{ key_id: 'k1', account_id: 'acct-1', revoked: true }]);
  });

  it('records a key created without a label as null', () => {
    const when = recorded('KeyCreated', { keyId: 'k2', accountId: 'acct-2', keyHash: 'hash-2', masked: 'apk_…' });
    expect(rowsAfter(keys, [], [when])).toMatchObject([{ key_id: 'k2', label: null }]);
  });
});
