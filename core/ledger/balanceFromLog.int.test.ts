import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { event } from '../../schema/events';
import { createTestDatabase, type TestDatabase } from '../../test/support/testDatabase';
import { balanceFromLog } from './balanceFromLog';

// An auditor's recomputation of a balance must match the live projection for every kind of account: a key's, a
// wallet's paying per call with x402, a marketplace seller's, a task poster's and a task earner's.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const { store } = database;
  await store.append('account-keyacct', [
    event('AccountOpened', { accountId: 'keyacct', kind: 'key' }),
    event('CreditGranted', { accountId: 'keyacct', amountMicros: 250_000, reason: 'trial' }),
    event('ChargeReserved', {
      accountId: 'keyacct',
      callId: 'c1',
      tool: 'sentiment',
      amountMicros: 5_000,
      listPriceMicros: 5_000,
      discountPercent: 0,
      pricing: 'flat',
    }),
    event('ChargeSettled', { accountId: 'keyacct', callId: 'c1', reservedMicros: 5_000, chargedMicros: 5_000 }),
    event('ChargeReserved', {
      accountId: 'keyacct',
      callId: 'c2',
      tool: 'summarize',
      amountMicros: 30_000,
      listPriceMicros: 30_000,
      discountPercent: 0,
      pricing: 'metered',
    }),
    event('ChargeSettled', { accountId: 'keyacct', callId: 'c2', reservedMicros: 30_000, chargedMicros: 12_000 }),
    event('ChargeReserved', {
      accountId: 'keyacct',
      callId: 'c3',
      tool: 'sentiment',
      amountMicros: 5_000,
      listPriceMicros: 5_000,
      discountPercent: 0,
      pricing: 'flat',
    }),
    event('ChargeRefunded', { accountId: 'keyacct', callId: 'c3', amountMicros: 5_000, reason: 'tool_failed' }),
    event('ChargeReversed', { accountId: 'keyacct', callId: 'c1', amountMicros: 5_000, reason: 'the answer was empty' }),
    event('RewardHeld', { accountId: 'keyacct', taskId: 't1', amountMicros: 40_000 }),
    event('RewardPaid', { accountId: 'keyacct', taskId: 't1', amountMicros: 40_000, toAccountId: '0xearner' }),
    event('RewardHeld', { accountId: 'keyacct', taskId: 't2', amountMicros: 10_000 }),
    event('RewardRefunded', { accountId: 'keyacct', taskId: 't2', amountMicros: 10_000, reason: 'cancelled' }),
  ]);
  // x402: the wallet's USDC arrives and is spent by the call it paid for, in one step.
  const paid = (callId: string, amountMicros: number) => [
    event('PaymentReceived', {
      accountId: '0xwallet',
      payer: '0xwallet',
      amountMicros,
      network: 'eip155:8453',
      transaction: `0x${callId}`,
      nonce: `0xn${callId}`,
      purpose: 'call',
      callId,
    }),
    event('ChargeSettled', { accountId: '0xwallet', callId, reservedMicros: 0, chargedMicros: amountMicros }),
  ];
  await store.append('account-0xwallet', [event('AccountOpened', { accountId: '0xwallet', kind: 'wallet' }), ...paid('x1', 5_000), ...paid('x2', 1_735_500)]);
  await store.append('account-0xseller', [
    event('AccountOpened', { accountId: '0xseller', kind: 'wallet' }),
    event('SaleProceedsCredited', {
      accountId: '0xseller',
      callId: 's1',
      listingId: 'l1',
      amountMicros: 8_000,
      priceMicros: 20_000,
      feeMicros: 2_000,
      toolMicros: 10_000,
    }),
  ]);
  await store.append('account-0xearner', [
    event('AccountOpened', { accountId: '0xearner', kind: 'wallet' }),
    event('RewardEarned', { accountId: '0xearner', taskId: 't1', amountMicros: 40_000, fromAccountId: 'keyacct' }),
  ]);
}, 60_000);
afterAll(() => database.drop());

describe('an account’s balance recomputed from its events', () => {
  it.each(['keyacct', '0xwallet', '0xseller', '0xearner'])('matches the live balances projection for %s', async (accountId) => {
    const { fromLog, live } = await balanceFromLog(database.db, accountId);
    expect(live).not.toBeNull();
    expect(fromLog).toEqual(live);
  });

  it('leaves an x402 wallet that paid for its calls at zero, not at minus what it paid', async () => {
    expect((await balanceFromLog(database.db, '0xwallet')).fromLog).toEqual({
      available_micros: 0,
      reserved_micros: 0,
      credited_micros: 1_740_500,
      spent_micros: 1_740_500,
    });
  });

  it('npm run audit prints the same balance for a wallet and says the live projection agrees', async () => {
    const audit = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.resolve(__dirname, '../../scripts/audit.ts'), 'account-0xwallet'], {
      env: { ...process.env, DATABASE_URL: database.url },
    });
    expect(audit.stdout).toMatch(/balance from these events: 0 micro-USD \(\$0\.000000\)/);
    expect(audit.stdout).toMatch(/the live balances projection holds the same/);
  }, 60_000);
});
