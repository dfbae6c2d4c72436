import { randomUUID } from 'node:crypto';
import { readStream } from '../../core/eventStore';
import { generateKey, balanceRow } from '../support/accounts';
import { keyCallId } from '../support/callIds';
import { json } from '../support/json';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';
import { killed, spawnWorker } from '../support/workerProcess';

let service: TestService;
beforeAll(async () => {
  // No worker in the API process: the chain must run in worker processes this test can kill.
  service = await startTestService({ worker: 'none' });
});
afterAll(() => service.stop());

// Step 1 (a queued activity) prints ~60 kB of short sentences; step 2 summarises them with TextRank, seconds of
// CPU beside the workflow task: the window in which the worker dies, between a finished step and the next one.
const PROGRAM = `topics = ['ledger', 'workflow', 'payment', 'retry', 'durable', 'event', 'balance', 'worker', 'signal', 'queue', 'crash', 'replay', 'audit']
print(' '.join(f'Line {i} on {topics[i % 13]} and {topics[(i * 7) % 13]}.' for i in range(2000)))`;

describe('a worker killed between the steps of a chain', () => {
  it('is replaced, the chain goes on from the step it was in without redoing the finished one, and is billed once', async () => {
    const { keyId, auth } = await generateKey(service.baseUrl);
    const first = spawnWorker(service.config, service.database.url);
    const second: { child?: ReturnType<typeof spawnWorker> } = {};
    try {
      const requestId = `chain-crash-${randomUUID()}`;
      const callId = keyCallId(keyId, requestId);
      const response = fetch(`${service.baseUrl}/chain`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json', 'X-Request-Id': requestId },
        body: JSON.stringify({
          steps: [
            { action: 'code/run', params: { code: PROGRAM } },
            { action: 'summarize', params: { text: '{{prev_result.stdout}}', format: 'short', model: 'local' } },
            { action: 'sentiment', params: { text: '{{prev_result}}', model: 'local' } },
          ],
        }),
      });

      // Step 1 has finished (its result is in the history) and the next workflow task, running step 2, has begun.
      const handle = service.client.workflow.getHandle(`call-${callId}`);
      await waitFor(
        async () => {
          const events = (await handle.fetchHistory()).events ?? [];
          const done = events.findIndex((e) => e.activityTaskCompletedEventAttributes);
          return done >= 0 && events.slice(done).some((e) => e.workflowTaskStartedEventAttributes);
        },
        'step 1 to finish and step 2 to start',
        60_000,
      );
      await killed(first);
      expect((await readStream(service.database.db, `call-${callId}`)).map((e) => e.type)).toEqual(['ToolCallStarted']);
      second.child = spawnWorker(service.config, service.database.url);

      const answer = await response;
      expect(answer.status).toBe(200);
      const body = await json(answer);
      expect(body.results.map((r: { action: string }) => r.action)).toEqual(['code/run', 'summarize', 'sentiment']);
      expect(body.results[0].result.exit_code).toBe(0);
      expect(body.results[1].result.summary).toMatch(/^Line \d+ on /);
      expect(body.results[2].result.polarity).toEqual(expect.any(String));

      // The finished step ran once; the one the worker died in ran again on the new worker.
      const events = (await handle.fetchHistory()).events ?? [];
      expect(events.filter((e) => e.activityTaskScheduledEventAttributes)).toHaveLength(1);
      expect(events.filter((e) => e.activityTaskStartedEventAttributes?.attempt === 1)).toHaveLength(1);
      expect(events.some((e) => e.workflowTaskTimedOutEventAttributes || e.workflowTaskFailedEventAttributes)).toBe(true);

      // Reserved, run and charged exactly once, at the chain's price.
      expect((await readStream(service.database.db, `call-${callId}`)).map((e) => e.type)).toEqual(['ToolCallStarted', 'ToolCallCompleted']);
      const charges = (await readStream(service.database.db, `account-${keyId}`)).filter((e) => 'callId' in e.data && e.data.callId === callId);
      expect(charges.map((e) => e.type)).toEqual(['ChargeReserved', 'ChargeSettled']);
      const balance = await balanceRow(service.database.db, keyId);
      expect(balance).toMatchObject({ available_micros: 200_000, reserved_micros: 0, spent_micros: 50_000 });
    } finally {
      await killed(first);
      if (second.child) await killed(second.child);
    }
  }, 120_000);
});
