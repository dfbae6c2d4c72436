import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { event } from '../../schema/events';
import { byName } from '../../schema/registry';
import { createTestDatabase, type TestDatabase } from '../../test/support/testDatabase';
import type { Caller, RequestState } from '../deps';
import { balanceAhead } from './balanceAhead';

let database: TestDatabase;
let baseUrl: string;
let close: () => Promise<void>;

// Routes as the registry declares them: two workflow tools (one with a parameter) and an inline endpoint.
const routes = ['sentiment', 'agents/custom/run', 'api/usage'].map((name) => byName.get(name)!);
const key = (accountId: string): Caller => ({
  kind: 'key',
  keyId: `k-${accountId}`,
  accountId,
  masked: 'apk_…',
  keyHash: 'h',
  grants: { rpm: null, allowedTools: null, manageKeys: true },
});

beforeAll(async () => {
  database = await createTestDatabase();
  await database.store.append('account-ahead', [
    event('AccountOpened', { accountId: 'ahead', kind: 'key' }),
    event('CreditGranted', { accountId: 'ahead', amountMicros: 1_234_567, reason: 'trial' }),
  ]);
  const router = new Router<RequestState>();
  // Each route answers with the balance the middleware read ahead for it, or that it read none.
  for (const entry of routes) {
    router.register(entry.path, [entry.method], async (ctx) => {
      const ahead = ctx.state.balanceAhead;
      ctx.body = ahead ? { accountId: ahead.accountId, available: await ahead.read } : { none: true };
    });
  }
  const app = new Koa<RequestState>();
  app.use(async (ctx, next) => {
    const who = ctx.get('X-Test-Caller');
    ctx.state.caller = who ? key(who) : { kind: 'anonymous' };
    await next();
  });
  app.use(balanceAhead(database.db, router));
  app.use(router.routes());
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await close();
  await database.drop();
});

const send = async (method: string, path: string, caller?: string) =>
  (await fetch(`${baseUrl}${path}`, { method, headers: caller ? { 'X-Test-Caller': caller } : {} })).json();

describe('the balance read beside the rate limit', () => {
  it("reads a key caller's balance for a tool's route, with or without parameters", async () => {
    expect(await send('POST', '/sentiment', 'ahead')).toEqual({ accountId: 'ahead', available: 1_234_567 });
    expect(await send('POST', '/agents/custom/cag_1/run', 'ahead')).toEqual({ accountId: 'ahead', available: 1_234_567 });
  });

  it('reads 0 for an account never credited', async () => {
    expect(await send('POST', '/sentiment', 'nobody')).toEqual({ accountId: 'nobody', available: 0 });
  });

  it('reads nothing for a route that calls no tool, or for a caller without a key', async () => {
    expect(await send('GET', '/api/usage', 'ahead')).toEqual({ none: true });
    expect(await send('POST', '/sentiment')).toEqual({ none: true });
  });
});
