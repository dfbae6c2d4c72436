import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { type Config } from '../../schema/config';
import { readStream } from '../../core/eventStore';
import { generateKey, topUp } from '../support/accounts';
import { type ApiProcess, spawnApi } from '../support/apiProcess';
import { json } from '../support/json';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase';
import { testConfig } from '../support/testService';
import { fixture } from '../support/upstreamServer';
import { waitFor } from '../support/waitFor';
import { killed } from '../support/workerProcess';

// An MCP client that disconnects while its tools/call runs (a host cancelled, a laptop lid closed) leaves the API an
// answer with nowhere to go: writing it to the destroyed response was an "unhandled error" (ERR_STREAM_UNABLE_TO_PIPE).
// MCP has no way to collect a late answer, so the call is cancelled and refunded (workflows/toolCall.ts): the upstream
// is held until the refund is on the ledger, so the test never races the answer against the client's leaving.

/** Frankfurter's /rates, held until the test lets it answer: the call is mid-answer for as long as the test wants. */
let held: http.ServerResponse[] = [];
let answerHeld = false;
const rates = http.createServer((request, response) => {
  const answer = () => response.writeHead(200, { 'Content-Type': 'application/json' }).end(fixture('frankfurter', 'rates-usd.json'));
  if (answerHeld) answer();
  else held.push(response);
});
const release = () => {
  answerHeld = true;
  for (const response of held) response.writeHead(200, { 'Content-Type': 'application/json' }).end(fixture('frankfurter', 'rates-usd.json'));
  held = [];
};

let database: TestDatabase;
let config: Config;
let api: ApiProcess;
beforeAll(async () => {
  await new Promise<void>((resolve) => rates.listen(0, '127.0.0.1', resolve));
  database = await createTestDatabase();
  config = testConfig(database.url);
  api = await spawnApi(config, database.url, {
    EMBEDDED_WORKER: 'true',
    // Debug: the API's word that it dropped an answer is what the test waits for (never a fixed sleep).
    LOG_LEVEL: 'debug',
    FRANKFURTER_BASE_URL: `http://127.0.0.1:${(rates.address() as AddressInfo).port}`,
  });
}, 180_000);
afterAll(async () => {
  release();
  if (api) await killed(api.child);
  await database?.drop();
  await new Promise((resolve) => rates.close(resolve));
});

/** A tools/call as a raw HTTP request, so the test can drop its connection; resolves once it is on the wire. */
function rawToolsCall(key: string, requestId: string): http.ClientRequest {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'data_exchange-rates', arguments: { base: 'USD' } } });
  const request = http.request(`${api.baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      Authorization: `Bearer ${key}`,
      'X-Request-Id': requestId,
      'Content-Length': Buffer.byteLength(body),
    },
  });
  request.on('error', () => undefined); // the test destroys it
  request.end(body);
  return request;
}

const problems = () => api.output.filter((line) => /unhandled error|ERR_STREAM|"level":(50|60)/.test(line));

describe('an MCP client gone mid-answer', () => {
  it('leaves no unhandled error, is not charged for the answer it never received, and the next MCP request is answered', async () => {
    const key = await generateKey(api.baseUrl, 'mcp-gone');
    expect((await topUp(api.baseUrl, config.adminToken, key.key, 5)).status).toBe(200);
    const balance = async () => (await json(fetch(`${api.baseUrl}/auth/status`, { headers: key.auth }))).balance_usd as number;
    const accountEvents = () => readStream(database.db, `account-${key.keyId}`);
    const before = await balance();

    const requestId = randomUUID();
    const request = rawToolsCall(key.key, requestId);
    await waitFor(async () => held.length > 0, 'the call to reach the upstream');
    request.destroy();

    // The API drops the answer (it saw the client go) and tells the workflow, which cancels the tool and gives the hold back.
    await waitFor(async () => api.output.some((line) => /MCP client left|unhandled error/.test(line)), 'the API to end the gone client’s exchange', 60_000);
    const refunded = await waitFor(
      async () => (await accountEvents()).find((e) => e.type === 'ChargeRefunded'),
      'the gone client’s call to be refunded',
      60_000,
    );
    const { callId, reason } = refunded.data as { callId: string; reason: string };
    expect(reason).toBe('CallerGone');
    release();
    expect(problems()).toEqual([]);
    expect(await balance()).toBe(before);
    expect((await accountEvents()).some((e) => e.type === 'ChargeSettled' && (e.data as { callId: string }).callId === callId)).toBe(false);

    const next = await fetch(`${api.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...key.auth },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'data_exchange-rates', arguments: { base: 'USD' } } }),
    });
    expect(next.status).toBe(200);
    const answer = (await json(next)) as { result: { isError?: boolean; structuredContent: { base: string; rates: Record<string, number> } } };
    expect(answer.result.isError).toBeFalsy();
    expect(answer.result.structuredContent).toMatchObject({ base: 'USD', rates: { EUR: 0.87598 } });
    expect(await balance()).toBeLessThan(before);
    expect(problems()).toEqual([]);
    // The request log says what became of the exchange: 499, the client closed it (not the 405 of a route with no answer).
    expect(api.output.some((line) => line.includes(`"requestId":"${requestId}"`) && line.includes('"status":499') && line.includes('"msg":"request"'))).toBe(
      true,
    );
  }, 180_000);
});
