import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeTimeoutType } from '@temporalio/common';
import { readStream } from '../../core/eventStore';
import { streams } from '../../schema/events';
import { generateKey, balanceRow } from '../support/accounts';
import { keyCallId } from '../support/callIds';
import { json } from '../support/json';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';
import { killed, spawnWorker } from '../support/workerProcess';

let service: TestService;
beforeAll(async () => {
  // No worker in the API process: the call must run in a worker process this test can kill.
  service = await startTestService({ worker: 'none' });
});
afterAll(() => service.stop());

// TextRank over ~1,400 sentences keeps the tool busy for seconds: long enough to kill the worker mid-call.
const topics = ['ledger', 'workflow', 'payment', 'retry', 'durable', 'event', 'balance', 'worker', 'signal', 'queue', 'crash', 'replay', 'audit'];
const longText = Array.from({ length: 1400 }, (_, i) => `Sentence ${i} is about ${topics[i % 13]} and ${topics[(i * 7) % 13]} together.`).join(' ');

describe('a worker killed mid-call', () => {
  it('is replaced, the call completes, and it is reserved, run and charged exactly once', async () => {
    const { keyId, auth } = await generateKey(service.baseUrl);
    const first = spawnWorker(service.config, service.database.url);
    const second: { child?: ReturnType<typeof spawnWorker> } = {};
    try {
      const requestId = `crash-${Date.now()}`;
      const callId = keyCallId(keyId, requestId);
      const response = fetch(`${service.baseUrl}/summarize`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json', 'X-Request-Id': requestId },
        body: JSON.stringify({ text: longText, format: 'short' }),
      });

      // The worker took the call's first workflow task, whose local activity runs the tool (offline tools run first and
      // are charged after, in one transaction): it is busy for seconds, and now the worker dies.
      const handle = service.client.workflow.getHandle(`call-${callId}`);
      await waitFor(
        async () => {
          const events = (await handle.fetchHistory().catch(() => null))?.events ?? [];
          return events.some((e) => e.workflowTaskStartedEventAttributes) && !events.some((e) => e.workflowTaskCompletedEventAttributes);
        },
        'the worker to take the call',
        60_000,
      );
      await killed(first);
      expect((await readStream(service.database.db, `call-${callId}`)).map((e) => e.type)).toEqual([]);
      second.child = spawnWorker(service.config, service.database.url);

      const answer = await response;
      expect(answer.status).toBe(200);
      expect((await json(answer)).summary).toMatch(/^Sentence \d+/);

      expect((await readStream(service.database.db, `call-${callId}`)).map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallCompleted']);
      const money = (await readStream(service.database.db, `account-${keyId}`)).filter((e) => 'callId' in e.data && e.data.callId === callId);
      expect(money.map((e) => e.type)).toEqual(['ChargeReserved', 'ChargeSettled']);
      const balance = await balanceRow(service.database.db, keyId);
      expect(balance).toMatchObject({ available_micros: 240_000, reserved_micros: 0, spent_micros: 10_000 });

      const history = await handle.fetchHistory();
      const attempts = (history.events ?? []).filter((e) => e.workflowTaskStartedEventAttributes);
      expect(attempts.length).toBeGreaterThanOrEqual(2); // the first attempt died with the worker
    } finally {
      await killed(first);
      if (second.child) await killed(second.child);
    }
  }, 120_000);

  it("retries a webhook attempt lost with its worker once the attempt's beats stop, not after its whole time-out", async () => {
    // A receiver that holds the first attempt unanswered (the worker dies while it waits) and takes the next.
    const arrived: string[] = [];
    const held: http.ServerResponse[] = [];
    const receiver = http.createServer((request, response) => {
      arrived.push(String(request.headers['x-webhook-delivery']));
      request.resume();
      if (arrived.length === 1) held.push(response);
      else response.writeHead(200).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const { auth } = await generateKey(service.baseUrl);
    const post = (path: string, body: unknown) =>
      fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const first = spawnWorker(service.config, service.database.url);
    const second: { child?: ReturnType<typeof spawnWorker> } = {};
    try {
      expect((await post('/webhooks/register', { url })).status).toBe(200);
      const sent = await json(await post('/webhooks/test-event', { event: 'test' }));
      const deliveryId = (sent.deliveries as { delivery_id: string }[])[0]!.delivery_id;
      await waitFor(async () => arrived.length === 1, 'the first attempt to reach the receiver', 60_000);
      await killed(first);
      second.child = spawnWorker(service.config, service.database.url);
      await waitFor(
        async () => (await readStream(service.database.db, streams.delivery(deliveryId))).some((e) => e.type === 'DeliverySucceeded'),
        'the retried attempt to be delivered',
        60_000,
      );
      expect(arrived).toEqual([deliveryId, deliveryId]);
      // The lost attempt was given up when its beats stopped (10 s), not at its 2-minute start-to-close: the retry
      // arrived within the wait above. Its started event says why when the server attached the failure (once, in a
      // whole run on a loaded machine, it had none): never the start-to-close.
      const history = await service.client.workflow.getHandle(`delivery-${deliveryId}`).fetchHistory();
      const retriedBecause = (history.events ?? []).flatMap((e) => {
        const timeout = e.activityTaskStartedEventAttributes?.lastFailure?.timeoutFailureInfo?.timeoutType;
        return timeout ? [decodeTimeoutType(timeout) ?? String(timeout)] : [];
      });
      expect(retriedBecause).not.toContain('START_TO_CLOSE');
      expect(retriedBecause.length).toBeLessThanOrEqual(1);
    } finally {
      for (const response of held) response.destroy();
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
      await killed(first);
      if (second.child) await killed(second.child);
    }
  }, 120_000);
});
