import { keyVerdict, type KeyStanding } from './spendLimits';

const now = new Date('2026-05-31T23:30:00Z');
const standing = (over: Partial<KeyStanding> = {}): KeyStanding => ({
  revokedAt: null,
  expiresAt: null,
  dailyLimitMicros: 50_000,
  monthlyLimitMicros: null,
  spend: { day: '2026-05-31', dayMicros: 45_000, month: '2026-05', monthMicros: 45_000 },
  ...over,
});

describe('a key’s verdict on a reservation', () => {
  it('allows a call that fits what is left of the day, to the micro-USD', () => {
    expect(keyVerdict(standing(), now, 5_000)).toEqual({ ok: true, spendDay: '2026-05-31' });
  });

  it('refuses one micro-USD more, naming the window, its limit, its spend and when it resets', () => {
    expect(keyVerdict(standing(), now, 5_001)).toEqual({
      ok: false,
      reason: 'spend_limit',
      limit: { window: 'daily', limitMicros: 50_000, spentMicros: 45_000, resetsAt: '2026-06-01T00:00:00.000Z' },
    });
  });

  it('counts a new day from nothing, but the month goes on: the monthly limit binds across days', () => {
    const tomorrow = new Date('2026-06-01T00:10:00Z');
    expect(keyVerdict(standing(), tomorrow, 50_000)).toEqual({ ok: true, spendDay: '2026-06-01' });
    const monthly = standing({ dailyLimitMicros: null, monthlyLimitMicros: 100_000 });
    expect(keyVerdict(monthly, now, 60_000)).toMatchObject({ ok: false, limit: { window: 'monthly', resetsAt: '2026-06-01T00:00:00.000Z' } });
  });

  it('keeps counting in the day the row reached when this replica’s clock lags behind it', () => {
    const ahead = standing({ spend: { day: '2026-06-01', dayMicros: 48_000, month: '2026-06', monthMicros: 48_000 } });
    expect(keyVerdict(ahead, now, 5_000)).toMatchObject({ ok: false, limit: { window: 'daily', spentMicros: 48_000 } });
  });

  it('refuses a revoked or expired key whatever its limits', () => {
    expect(keyVerdict(standing({ revokedAt: new Date('2026-05-01T00:00:00Z') }), now, 1)).toEqual({ ok: false, reason: 'key_revoked' });
    expect(keyVerdict(standing({ expiresAt: now }), now, 1)).toEqual({ ok: false, reason: 'key_expired' });
  });
});
