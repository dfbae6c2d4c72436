import { readStream } from '../../core/eventStore';
import { generateKey, balanceRow } from '../support/accounts';
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
      const response = fetch(`${service.baseUrl}/summarize`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json', 'X-Request-Id': requestId },
        body: JSON.stringify({ text: longText, format: 'short' }),
      });

      // The worker took the call's first workflow task, whose local activity runs the tool (offline tools run first and
      // are charged after, in one transaction): it is busy for seconds, and now the worker dies.
      const handle = service.client.workflow.getHandle(`call-${requestId}`);
      await waitFor(
        async () => {
          const events = (await handle.fetchHistory().catch(() => null))?.events ?? [];
          return events.some((e) => e.workflowTaskStartedEventAttributes) && !events.some((e) => e.workflowTaskCompletedEventAttributes);
        },
        'the worker to take the call',
        60_000,
      );
      await killed(first);
      expect((await readStream(service.database.db, `call-${requestId}`)).map((e) => e.type)).toEqual([]);
      second.child = spawnWorker(service.config, service.database.url);

      const answer = await response;
      expect(answer.status).toBe(200);
      expect((await json(answer)).summary).toMatch(/^Sentence \d+/);

      expect((await readStream(service.database.db, `call-${requestId}`)).map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallCompleted']);
      const money = (await readStream(service.database.db, `account-${keyId}`)).filter((e) => 'callId' in e.data && e.data.callId === requestId);
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
});
