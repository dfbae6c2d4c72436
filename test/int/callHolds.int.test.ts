import { applyOnce } from '../../core/calls/applyOnce';
import { readStream } from '../../core/eventStore';
import { systemClock } from '../../core/clock/clock';
import { refundCall } from '../../core/ledger/refundCall';
import { type BillingDeps, reserveCall } from '../../core/ledger/reserveCall';
import { settleCall } from '../../core/ledger/settleCall';
import type { ToolCallRequest } from '../../schema/calls';
import { event, streams } from '../../schema/events';
import { balanceRow } from '../support/accounts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { testConfig } from '../support/testService';

/** A call that holds money besides its price (a task's reward): reserved with the price, taken over by its effects. */
let database: TestDatabase;
let billing: BillingDeps;
beforeAll(async () => {
  database = await createTestDatabase();
  billing = { store: database.store, config: testConfig(database.url), clock: systemClock };
});
afterAll(() => database.drop());

let accounts = 0;
async function accountWith(micros: number): Promise<string> {
  const accountId = `holds-${++accounts}`;
  await database.store.append(streams.account(accountId), [
    event('AccountOpened', { accountId, kind: 'key' }),
    event('CreditGranted', { accountId, amountMicros: micros, reason: 'trial' }),
  ]);
  return accountId;
}

const request = (accountId: string, callId: string): ToolCallRequest => ({
  callId,
  requestId: callId,
  tool: 'task/submit',
  execution: 'local-activity',
  input: { agent_id: 'agt', title: 't', reward_usd: 0.048 },
  payer: { kind: 'key', id: accountId },
  pricing: 'flat',
  listPriceMicros: 2_000,
  holdMicros: 48_000,
});

/** What submitBoardTask does with the hold it is given: the task takes it over, in the call's once-only transaction. */
const postTask = (accountId: string, callId: string) =>
  applyOnce(database.store, { callId, tool: 'task/submit', actor: `key:${accountId}` }, async (tx, metadata, { holdMicros }) => {
    await tx.append(streams.account(accountId), [event('RewardHeld', { accountId, taskId: `task_${callId}`, amountMicros: holdMicros, callId })], { metadata });
    return { held: holdMicros };
  });
const money = async (accountId: string) => {
  const { available_micros, reserved_micros, spent_micros } = await balanceRow(database.db, accountId);
  return { available: available_micros, reserved: reserved_micros, spent: spent_micros };
};
const settle = (accountId: string, callId: string, reservedMicros: number) =>
  settleCall(billing, {
    callId,
    tool: 'task/submit',
    payer: { kind: 'key', id: accountId },
    reservedMicros,
    chargedMicros: reservedMicros,
    model: 'none',
    tokens: { input: 0, output: 0 },
    durationMs: 1,
    requestId: callId,
  });
const refund = (accountId: string, callId: string, reservedMicros: number) =>
  refundCall(billing, {
    callId,
    tool: 'task/submit',
    payer: { kind: 'key', id: accountId },
    reservedMicros,
    error: 'lost',
    code: 'InternalError',
    requestId: callId,
  });

describe('a call that holds a reward besides its price', () => {
  it('is refused whole when the balance covers the price but not the reward, holding nothing', async () => {
    const accountId = await accountWith(40_000);
    expect(await reserveCall(billing, request(accountId, 'h-1'))).toEqual({
      ok: false,
      reason: 'insufficient_funds',
      priceMicros: 50_000,
      balanceMicros: 40_000,
    });
    expect(await money(accountId)).toEqual({ available: 40_000, reserved: 0, spent: 0 });
  });

  it('reserves both at once; the task takes the reward over and the call settles only its price', async () => {
    const accountId = await accountWith(50_000);
    const reservation = await reserveCall(billing, request(accountId, 'h-2'));
    expect(reservation).toMatchObject({ ok: true, reservedMicros: 50_000, holdMicros: 48_000, balanceMicros: 0 });
    expect(await postTask(accountId, 'h-2')).toEqual({ held: 48_000 });
    expect(await money(accountId)).toEqual({ available: 0, reserved: 50_000, spent: 0 });
    expect(await settle(accountId, 'h-2', 50_000)).toMatchObject({ chargedMicros: 2_000, balanceMicros: 0 });
    expect(await money(accountId)).toEqual({ available: 0, reserved: 48_000, spent: 2_000 });
    // A retried reservation finds the same decision, hold included.
    expect(await reserveCall(billing, request(accountId, 'h-2'))).toMatchObject({ ok: true, reservedMicros: 50_000, holdMicros: 48_000 });
  });

  it('gives back price and reward when the tool fails before its effects', async () => {
    const accountId = await accountWith(60_000);
    await reserveCall(billing, request(accountId, 'h-3'));
    await refund(accountId, 'h-3', 50_000);
    expect(await money(accountId)).toEqual({ available: 60_000, reserved: 0, spent: 0 });
    const failed = (await readStream(database.db, 'call-h-3')).find((e) => e.type === 'ToolCallFailed');
    expect(failed?.data).toMatchObject({ refundedMicros: 50_000 });
  });

  it('gives back only the price when the call is refunded after its effects: the posted task keeps its reward', async () => {
    const accountId = await accountWith(60_000);
    await reserveCall(billing, request(accountId, 'h-4'));
    await postTask(accountId, 'h-4');
    await refund(accountId, 'h-4', 50_000);
    expect(await money(accountId)).toEqual({ available: 12_000, reserved: 48_000, spent: 0 });
  });
});
