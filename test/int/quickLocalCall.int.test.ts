import { balanceRow } from '../support/accounts';
import { ApplicationFailure } from '@temporalio/common';
import { systemClock } from '../../core/clock/clock';
import { quickLocalCall, type TimedRunTool } from '../../activities/calls/quickLocalCall';
import { reserveCall } from '../../core/ledger/reserveCall';
import { readStream } from '../../core/eventStore';
import { CallErrors, type ToolCallRequest } from '../../schema/calls';
import { event } from '../../schema/events';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { testConfig } from '../support/testService';

let database: TestDatabase;
let billing: Parameters<typeof quickLocalCall>[0];
beforeAll(async () => {
  database = await createTestDatabase();
  billing = { store: database.store, config: testConfig(database.url), clock: systemClock };
});
afterAll(() => database.drop());

let accounts = 0;
async function accountWith(micros: number): Promise<string> {
  const accountId = `quick-${++accounts}`;
  await database.store.append(`account-${accountId}`, [
    event('AccountOpened', { accountId, kind: 'key' }),
    event('CreditGranted', { accountId, amountMicros: micros, reason: 'trial' }),
  ]);
  return accountId;
}

const request = (accountId: string, callId: string): ToolCallRequest => ({
  callId,
  requestId: callId,
  tool: 'sentiment',
  execution: 'local-activity',
  input: { text: 'fine' },
  payer: { kind: 'key', id: accountId },
  pricing: 'flat',
  listPriceMicros: 10_000,
});

const balance = async (accountId: string) => (await balanceRow(database.db, accountId)).available_micros;
const types = async (stream: string) => (await readStream(database.db, stream)).map((e) => e.type);

describe('a quick local call: run, then reserve and settle in one transaction', () => {
  let runs = 0;
  const tool: TimedRunTool = async () => {
    runs++;
    return { output: { polarity: 'positive' }, model: 'local/vader', tokens: { input: 1, output: 4 }, durationMs: 1 };
  };

  it('charges the price once, and leaves a call that already has a history to the ordinary steps (a replayed local activity)', async () => {
    const accountId = await accountWith(250_000);
    const first = await quickLocalCall(billing, tool, request(accountId, 'q-1'));
    const again = await quickLocalCall(billing, tool, request(accountId, 'q-1'));
    expect(first).toMatchObject({ kind: 'completed', chargedMicros: 10_000, balanceMicros: 240_000, result: { model: 'local/vader' } });
    expect(again).toEqual({ kind: 'begun' });
    expect(await balance(accountId)).toBe(240_000);
    expect(await types('call-q-1')).toEqual(['ToolCallStarted', 'ToolCallCompleted']);
    expect(await types(`account-${accountId}`)).toEqual(['AccountOpened', 'CreditGranted', 'ChargeReserved', 'ChargeSettled']);
  });

  it('refuses a call the balance cannot cover: the refusal is recorded and nothing is charged', async () => {
    const accountId = await accountWith(5_000);
    const outcome = await quickLocalCall(billing, tool, request(accountId, 'q-2'));
    expect(outcome).toMatchObject({ kind: 'rejected', reservation: { ok: false, reason: 'insufficient_funds', priceMicros: 10_000, balanceMicros: 5_000 } });
    expect(await balance(accountId)).toBe(5_000);
    expect(await types('call-q-2')).toEqual(['ToolCallRejected']);
    expect(await types(`account-${accountId}`)).toEqual(['AccountOpened', 'CreditGranted']);
  });

  it('records the four events of the ordinary steps in one transaction', async () => {
    const accountId = await accountWith(250_000);
    const before = runs;
    await quickLocalCall(billing, tool, request(accountId, 'q-5'));
    expect(runs).toBe(before + 1);
    const started = (await readStream(database.db, 'call-q-5')).map((e) => e.transactionId);
    const account = (await readStream(database.db, `account-${accountId}`)).slice(2).map((e) => e.transactionId);
    expect(new Set([...started, ...account]).size).toBe(1);
  });

  it("appends each stream's events together: the reservation's and the settlement's take consecutive positions", async () => {
    const accountId = await accountWith(250_000);
    await quickLocalCall(billing, tool, request(accountId, 'q-6'));
    const call = (await readStream(database.db, 'call-q-6')).map((e) => e.position);
    const account = (await readStream(database.db, `account-${accountId}`)).slice(2).map((e) => e.position);
    expect(call[1]! - call[0]!).toBe(1);
    expect(account[1]! - account[0]!).toBe(1);
  });

  it('never overspends or deadlocks when quick calls and ordinary reservations race on one account', async () => {
    // 95,000 µUSD covers nine calls of 10,000 whichever path takes the account's locks first.
    const accountId = await accountWith(95_000);
    const quick = Array.from({ length: 10 }, (_, i) => quickLocalCall(billing, tool, request(accountId, `race-q-${i}`)));
    const ordinary = Array.from({ length: 10 }, (_, i) => reserveCall(billing, request(accountId, `race-o-${i}`)));
    const [quickOutcomes, reservations] = await Promise.all([Promise.all(quick), Promise.all(ordinary)]);
    const charged = quickOutcomes.filter((o) => o.kind === 'completed').length + reservations.filter((r) => r.ok).length;
    expect(charged).toBe(9);
    expect(await balance(accountId)).toBe(5_000);
  });

  it('hands a tool failure back before anything is held, saying whether a retry could help', async () => {
    const accountId = await accountWith(250_000);
    const badInput: TimedRunTool = async () => {
      throw ApplicationFailure.create({ type: CallErrors.invalidInput, message: 'text is empty', nonRetryable: true });
    };
    const flaky: TimedRunTool = async () => {
      throw new Error('model file not loaded yet');
    };
    const refused = await quickLocalCall(billing, badInput, request(accountId, 'q-3'));
    const transient = await quickLocalCall(billing, flaky, request(accountId, 'q-4'));
    expect(refused).toMatchObject({ kind: 'tool-failed', failure: { type: CallErrors.invalidInput, message: 'text is empty', retryable: false } });
    expect(transient).toMatchObject({ kind: 'tool-failed', failure: { type: CallErrors.internal, retryable: true } });
    expect(await balance(accountId)).toBe(250_000);
    expect(await types('call-q-3')).toEqual([]);
    expect(await types('call-q-4')).toEqual([]);
  });
});
