import { NO_LIMITS } from '../../schema/accounts/keySettings';
import { manageKeysProblem } from './manageKeysProblem';

describe('manageKeysProblem', () => {
  it('lets a key with a label and no limits manage keys: a label and manage_keys are not limits', () => {
    expect(manageKeysProblem({ ...NO_LIMITS, label: 'deputy', manageKeys: true })).toBeNull();
    expect(manageKeysProblem({ ...NO_LIMITS, label: null, manageKeys: true })).toBeNull();
  });

  it('refuses manage_keys to a key with a limit, naming every limit it has and nothing else', () => {
    const problem = manageKeysProblem({ ...NO_LIMITS, label: 'deputy', dailyLimitMicros: 1_000_000, rpm: 5, manageKeys: true });
    expect(problem).toMatch(/\(this one has daily_limit_usd, rpm\)/);
  });

  it('says nothing of a limited key that does not ask to manage keys', () => {
    expect(manageKeysProblem({ ...NO_LIMITS, label: 'x', expiresAt: '2030-01-01T00:00:00Z', manageKeys: false })).toBeNull();
  });
});
