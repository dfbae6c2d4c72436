import { createCallStreamHub } from '../../api/callStreams/callStreamHub';
import { type CallStreamNotice, callStreamChannel } from '../../schema/callStream';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { waitFor } from '../support/waitFor';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const publish = (callId: string, notice: CallStreamNotice) =>
  database.pool.query('select pg_notify($1, $2)', [callStreamChannel(callId), JSON.stringify(notice)]);
const delta = (text: string): CallStreamNotice => ({ kind: 'delta', attempt: 1, offset: 0, text });
/** Connections whose last statement was the hub's (UN)LISTEN: the one it holds, or held before giving it back. */
const HUB_CONNECTIONS = `from pg_stat_activity where datname = current_database() and query ~* '^(un)?listen '`;
/** Ends those connections from the server side, as a restart or an operator would. */
const cutListeners = () => database.pool.query(`select pg_terminate_backend(pid) ${HUB_CONNECTIONS}`);

describe('the call stream hub', () => {
  it('survives its connection being cut, while listening or after it went back to the pool, and listens again on a new one', async () => {
    const hub = createCallStreamHub(database.pool);
    const seen: string[] = [];

    const unsubscribeFirst = await hub.subscribe('hub-1', (n) => n.kind === 'delta' && seen.push(n.text));
    await publish('hub-1', delta('one'));
    await waitFor(async () => seen.includes('one'), 'the first notice');
    await unsubscribeFirst();
    // Back in the pool, idle: cutting it now must not reach the hub (it used to release the client twice and crash).
    await cutListeners();

    const unsubscribeSecond = await hub.subscribe('hub-2', (n) => n.kind === 'delta' && seen.push(n.text));
    await cutListeners();
    await waitFor(async () => (await database.pool.query(`select 1 ${HUB_CONNECTIONS}`)).rowCount === 0, 'the cut');
    await unsubscribeSecond();

    const unsubscribeThird = await hub.subscribe('hub-3', (n) => n.kind === 'delta' && seen.push(n.text));
    await publish('hub-3', delta('three'));
    await waitFor(async () => seen.includes('three'), 'a notice on the new connection');
    await unsubscribeThird();
    expect(seen).toEqual(['one', 'three']);
  });
});
