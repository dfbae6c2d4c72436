import { at, recorded, resetScenario, rowsAfter } from '../../test/support/projectionScenario';
import { balances } from './balances';

beforeEach(resetScenario);

const opened = () => recorded('AccountOpened', { accountId: 'acct-1', kind: 'key' });
const granted = (amountMicros: number) => recorded('CreditGranted', { accountId: 'acct-1', amountMicros, reason: 'trial' });
const reserved = (callId: string, amountMicros: number) =>
  recorded('ChargeReserved', {
    accountId: 'acct-1',
    callId,
    tool: 'sentiment',
    amountMicros,
    listPriceMicros: amountMicros,
    discountPercent: 0,
    pricing: 'flat',
  });

describe('balances projection', () => {
  it('given an opened account, when credit is granted, then it is available and counted as credited', () => {
    expect(rowsAfter(balances, [opened()], [granted(250_000)])).toEqual([
      { account_id: 'acct-1', available_micros: 250_000, reserved_micros: 0, credited_micros: 250_000, spent_micros: 0, updated_at: at(1) },
    ]);
  });

  it('given credit, when a charge is reserved, then the amount moves from available to reserved', () => {
    expect(rowsAfter(balances, [opened(), granted(250_000)], [reserved('c1', 10_000)])).toMatchObject([
      { available_micros: 240_000, reserved_micros: 10_000, spent_micros: 0 },
    ]);
  });

  it('given a reservation, when it settles for less, then the difference returns and only the charge is spent', () => {
    const given = [opened(), granted(250_000), reserved('c1', 10_000)];
    const when = [recorded('ChargeSettled', { accountId: 'acct-1', callId: 'c1', reservedMicros: 10_000, chargedMicros: 4_000 })];
    expect(rowsAfter(balances, given, when)).toMatchObject([{ available_micros: 246_000, reserved_micros: 0, spent_micros: 4_000, credited_micros: 250_000 }]);
  });

  it('given a reservation, when it is refunded, then everything held is available again and nothing is spent', () => {
    const given = [opened(), granted(250_000), reserved('c1', 10_000)];
    const when = [recorded('ChargeRefunded', { accountId: 'acct-1', callId: 'c1', amountMicros: 10_000, reason: 'tool failed' })];
    expect(rowsAfter(balances, given, when)).toMatchObject([{ available_micros: 250_000, reserved_micros: 0, spent_micros: 0 }]);
  });

  it('given a call reserved with a task reward, when the task takes the hold over and the call settles its price, then only the price is spent and the reward stays held', () => {
    const given = [
      opened(),
      granted(250_000),
      recorded('ChargeReserved', {
        accountId: 'acct-1',
        callId: 'c1',
        tool: 'task/submit',
        amountMicros: 50_000,
        listPriceMicros: 2_000,
        discountPercent: 0,
        pricing: 'flat',
        holdMicros: 48_000,
      }),
    ];
    const when = [
      recorded('RewardHeld', { accountId: 'acct-1', taskId: 'task_1', amountMicros: 48_000, callId: 'c1' }),
      recorded('ChargeSettled', { accountId: 'acct-1', callId: 'c1', reservedMicros: 2_000, chargedMicros: 2_000 }),
    ];
    expect(rowsAfter(balances, given, when)).toMatchObject([{ available_micros: 200_000, reserved_micros: 48_000, spent_micros: 2_000 }]);
  });

  it('given a wallet with no balance, when an on-chain payment arrives and its call settles, then it is credited and spent at once', () => {
    const payment = { payer: '0xabc', network: 'base', transaction: '0xt', nonce: '0xn', purpose: 'call', callId: 'c1' } as const;
    const given = [recorded('AccountOpened', { accountId: 'acct-1', kind: 'wallet' })];
    const when = [
      recorded('PaymentReceived', { accountId: 'acct-1', amountMicros: 5_000, ...payment }),
      reserved('c1', 5_000),
      recorded('ChargeSettled', { accountId: 'acct-1', callId: 'c1', reservedMicros: 5_000, chargedMicros: 5_000 }),
    ];
    expect(rowsAfter(balances, given, when)).toMatchObject([{ available_micros: 0, reserved_micros: 0, credited_micros: 5_000, spent_micros: 5_000 }]);
  });

  it('keeps one row per account', () => {
    const given = [opened(), granted(250_000)];
    const other = recorded('CreditGranted', { accountId: 'acct-2', amountMicros: 1_000, reason: 'topup' });
    expect(rowsAfter(balances, given, [other]).map((row) => [row.account_id, row.available_micros])).toEqual([
      ['acct-1', 250_000],
      ['acct-2', 1_000],
    ]);
  });
});
