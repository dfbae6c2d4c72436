import { NO_LIMITS } from '../../schema/accounts/keySettings';
import { at, recorded, resetScenario, rowsAfter } from '../../test/support/projectionScenario';
import { keySecrets } from '../accounts/keySecrets';
import { keySpend } from '../accounts/keySpend';
import { keys } from './keys';

beforeEach(resetScenario);

const created = () => recorded('KeyCreated', { keyId: 'k1', accountId: 'acct-1', keyHash: 'hash-1', masked: 'apk_Ab3d…x9Zq', label: 'ci' });
const limited = () =>
  recorded('KeyCreated', {
    keyId: 'k2',
    accountId: 'acct-1',
    keyHash: 'hash-2',
    masked: 'apk_Zz99…0000',
    label: 'bot',
    settings: { ...NO_LIMITS, dailyLimitMicros: 50_000, rpm: 10, allowedTools: ['/sentiment'], manageKeys: false },
    createdBy: 'k1',
  });

describe('keys projection', () => {
  it('given nothing, when a key is created without settings (before keys were managed), then it has no limits and manages its account', () => {
    expect(rowsAfter(keys, [], [created()])).toEqual([
      {
        key_id: 'k1',
        account_id: 'acct-1',
        label: 'ci',
        masked: 'apk_Ab3d…x9Zq',
        created_at: at(0),
        revoked_at: null,
        expires_at: null,
        daily_limit_micros: null,
        monthly_limit_micros: null,
        rpm: null,
        allowed_tools: null,
        manage_keys: true,
        created_by: null,
      },
    ]);
  });

  it('given nothing, when a key is created with settings, then its row holds them and who made it', () => {
    expect(rowsAfter(keys, [], [limited()])).toMatchObject([
      { key_id: 'k2', daily_limit_micros: 50_000, rpm: 10, allowed_tools: ['/sentiment'], manage_keys: false, created_by: 'k1' },
    ]);
  });

  it('given a limited key, when its settings change, then the row is the event’s settings whole (null removes a limit)', () => {
    const when = recorded('KeySettingsChanged', {
      keyId: 'k2',
      settings: { label: 'bot-2', ...NO_LIMITS, monthlyLimitMicros: 1_000_000, expiresAt: '2030-01-01T00:00:00.000Z', manageKeys: false },
    });
    expect(rowsAfter(keys, [limited()], [when])).toMatchObject([
      {
        label: 'bot-2',
        daily_limit_micros: null,
        monthly_limit_micros: 1_000_000,
        rpm: null,
        allowed_tools: null,
        expires_at: new Date('2030-01-01T00:00:00Z'),
      },
    ]);
  });

  it('given a created key, when it is revoked twice, then it stays listed, revoked at the first moment', () => {
    const revoked = () => recorded('KeyRevoked', { keyId: 'k1', keyHash: 'hash-1', reason: 'leaked' });
    expect(rowsAfter(keys, [created()], [revoked(), revoked()])).toMatchObject([{ key_id: 'k1', account_id: 'acct-1', revoked_at: at(1) }]);
  });

  it('records a key created without a label as null', () => {
    const when = recorded('KeyCreated', { keyId: 'k2', accountId: 'acct-2', keyHash: 'hash-2', masked: 'apk_…' });
    expect(rowsAfter(keys, [], [when])).toMatchObject([{ key_id: 'k2', label: null }]);
  });
});

describe('key secrets projection', () => {
  const rotated = (keyHash: string, previousKeyHash: string, previousRetiresAt: string) =>
    recorded('KeyRotated', { keyId: 'k1', keyHash, masked: `apk_${keyHash}`, previousKeyHash, previousRetiresAt });

  it('given a key, when it is rotated with a grace, then the new secret is current and the old one retires at the grace’s end', () => {
    const rows = rowsAfter(keySecrets, [created()], [rotated('hash-b', 'hash-1', '2026-03-02T11:00:00.000Z')]);
    expect(rows).toEqual(
      expect.arrayContaining([
        { key_hash: 'hash-1', key_id: 'k1', masked: 'apk_Ab3d…x9Zq', retires_at: new Date('2026-03-02T11:00:00Z') },
        { key_hash: 'hash-b', key_id: 'k1', masked: 'apk_hash-b', retires_at: null },
      ]),
    );
  });

  it('given a secret in an earlier rotation’s grace, when the key is rotated with none, then no old secret works past that moment', () => {
    const given = [created(), rotated('hash-b', 'hash-1', '2026-03-02T11:00:00.000Z')];
    const now = '2026-03-02T10:05:00.000Z';
    const abrupt = recorded('KeyRotated', {
      keyId: 'k1',
      keyHash: 'hash-c',
      masked: 'apk_hash-c',
      previousKeyHash: 'hash-b',
      previousRetiresAt: now,
      earlierKeyHashes: ['hash-1'],
    });
    const rows = rowsAfter(keySecrets, given, [abrupt]);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key_hash: 'hash-1', retires_at: new Date(now) }),
        expect.objectContaining({ key_hash: 'hash-b', retires_at: new Date(now) }),
        expect.objectContaining({ key_hash: 'hash-c', retires_at: null }),
      ]),
    );
  });

  it('given a secret retiring soon, when a later rotation gives a longer grace, then it keeps its earlier end', () => {
    const given = [created(), rotated('hash-b', 'hash-1', '2026-03-02T10:10:00.000Z')];
    const longer = recorded('KeyRotated', {
      keyId: 'k1',
      keyHash: 'hash-c',
      masked: 'apk_hash-c',
      previousKeyHash: 'hash-b',
      previousRetiresAt: '2026-03-09T10:00:00.000Z',
      earlierKeyHashes: ['hash-1'],
    });
    expect(rowsAfter(keySecrets, given, [longer])).toEqual(
      expect.arrayContaining([expect.objectContaining({ key_hash: 'hash-1', retires_at: new Date('2026-03-02T10:10:00.000Z') })]),
    );
  });
});

describe('key spend projection', () => {
  const reserved = (callId: string, amountMicros: number, spendDay: string) =>
    recorded('ChargeReserved', {
      accountId: 'acct-1',
      callId,
      tool: 'summarize',
      amountMicros,
      listPriceMicros: amountMicros,
      discountPercent: 0,
      pricing: 'metered',
      keyId: 'k2',
      spendDay,
    });

  it('given a key, when a metered call is reserved then settled for less, then the day and month count the charge, and the total too', () => {
    const when = [
      reserved('c1', 30_000, '2026-03-02'),
      recorded('ChargeSettled', { accountId: 'acct-1', callId: 'c1', reservedMicros: 30_000, chargedMicros: 12_000, keyId: 'k2', spendDay: '2026-03-02' }),
    ];
    expect(rowsAfter(keySpend, [limited()], when)).toMatchObject([
      { key_id: 'k2', day: '2026-03-02', day_micros: 12_000, month: '2026-03', month_micros: 12_000, spent_micros: 12_000 },
    ]);
  });

  it('given a day’s spend, when a call is reserved the next day of the same month, then the day starts again and the month goes on', () => {
    expect(rowsAfter(keySpend, [limited(), reserved('c1', 5_000, '2026-03-02')], [reserved('c2', 7_000, '2026-03-03')])).toMatchObject([
      { day: '2026-03-03', day_micros: 7_000, month: '2026-03', month_micros: 12_000 },
    ]);
  });

  it('given a call reserved yesterday, when it is refunded today, then today’s window is untouched (the call counted in yesterday’s)', () => {
    const given = [limited(), reserved('c1', 5_000, '2026-03-02'), reserved('c2', 7_000, '2026-03-03')];
    const when = recorded('ChargeRefunded', {
      accountId: 'acct-1',
      callId: 'c1',
      amountMicros: 5_000,
      reason: 'ToolFailed',
      keyId: 'k2',
      spendDay: '2026-03-02',
    });
    expect(rowsAfter(keySpend, given, [when])).toMatchObject([{ day: '2026-03-03', day_micros: 7_000, month_micros: 7_000 }]);
  });

  it('given a settled call, when the operator reverses it, then the window has the room back and the total no longer counts it', () => {
    const given = [
      limited(),
      reserved('c1', 5_000, '2026-03-02'),
      recorded('ChargeSettled', { accountId: 'acct-1', callId: 'c1', reservedMicros: 5_000, chargedMicros: 5_000, keyId: 'k2', spendDay: '2026-03-02' }),
    ];
    const when = recorded('ChargeReversed', {
      accountId: 'acct-1',
      callId: 'c1',
      amountMicros: 5_000,
      reason: 'empty answer',
      keyId: 'k2',
      spendDay: '2026-03-02',
    });
    expect(rowsAfter(keySpend, given, [when])).toMatchObject([{ day_micros: 0, month_micros: 0, spent_micros: 0 }]);
  });
});
