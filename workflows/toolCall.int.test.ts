import { randomBytes } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import type { Activities } from '../activities/createActivities';
import type { QuickCallResult, Reservation, ToolCallOutcome, ToolCallRequest } from '../schema/calls';
import { waitFor } from '../test/support/waitFor';
import { installWorkerRuntime } from '../workers/runtime';
import type { toolCall } from './toolCall';

/**
 * toolCall's branches with the real workflow code on the running Temporal server and fake activities: each fake
 * does what the request's `input.script` says and records what it was asked, by call id.
 */
type Script = {
  quick?: 'completed' | 'rejected' | 'begun' | 'throws' | 'tool-failed-retryable' | 'tool-failed-final' | 'absent';
  reserve?: 'ok' | 'refused';
  tool?: 'ok' | 'fails' | 'hangs';
  x402?: 'settled' | 'refused';
};
type Faked = 'quickLocalCall' | 'reserveCall' | 'runTool' | 'settleCall' | 'refundCall' | 'settleX402Call';

const asked = new Map<string, { activity: Faked; request: Record<string, unknown> }[]>();
const record = (callId: string, activity: Faked, request: object) => {
  asked.set(callId, [...(asked.get(callId) ?? []), { activity, request: { ...request } }]);
};
const askedOf = (callId: string) => (asked.get(callId) ?? []).map((a) => a.activity);
const requestTo = (callId: string, activity: Faked) => asked.get(callId)?.find((a) => a.activity === activity)?.request;
const scriptOf = (request: { input: Record<string, unknown> }) => request.input.script as Script;

const HELD: Reservation & { ok: true } = { ok: true, reservedMicros: 10_000, discountPercent: 0, balanceMicros: 240_000 };
const ANSWER = { output: { polarity: 'positive' }, model: 'local/vader', tokens: { input: 12, output: 8 }, durationMs: 3 };

const fakes: Pick<Activities, Faked> = {
  async quickLocalCall(request): Promise<QuickCallResult> {
    record(request.callId, 'quickLocalCall', request);
    switch (scriptOf(request).quick) {
      case 'completed':
        return { kind: 'completed', reservation: HELD, result: ANSWER, chargedMicros: 10_000, balanceMicros: 240_000 };
      case 'rejected':
        return { kind: 'rejected', reservation: { ok: false, reason: 'insufficient_funds', priceMicros: 10_000, balanceMicros: 2_000 } };
      case 'begun':
        return { kind: 'begun' };
      case 'tool-failed-retryable':
        return { kind: 'tool-failed', failure: { type: 'UpstreamFailure', message: 'flaky', details: [], retryable: true } };
      case 'tool-failed-final':
        return { kind: 'tool-failed', failure: { type: 'InvalidInput', message: 'no text', details: [{ hint: 'send text' }], retryable: false } };
      default:
        throw ApplicationFailure.nonRetryable('the ledger kept failing', 'LedgerDown');
    }
  },
  async reserveCall(request) {
    record(request.callId, 'reserveCall', request);
    if (scriptOf(request).reserve === 'refused') return { ok: false, reason: 'insufficient_funds', priceMicros: 10_000, balanceMicros: 2_000 };
    return HELD;
  },
  async runTool(request) {
    record(request.callId ?? '', 'runTool', request);
    const script = scriptOf(request);
    if (script.tool === 'fails') throw ApplicationFailure.nonRetryable('the text is empty', 'InvalidInput', { hint: 'send text' });
    if (script.tool === 'hangs') {
      // Until the workflow cancels it: the cancellation arrives with a heartbeat's answer.
      for (;;) {
        Context.current().heartbeat();
        await Context.current().sleep(100);
      }
    }
    return ANSWER;
  },
  async settleCall(request) {
    record(request.callId, 'settleCall', request);
    return { chargedMicros: request.chargedMicros, balanceMicros: 250_000 - request.chargedMicros };
  },
  async refundCall(request) {
    record(request.callId, 'refundCall', request);
  },
  async settleX402Call(request) {
    record(request.callId, 'settleX402Call', request);
    const script = (requestTo(request.callId, 'runTool')?.input as { script: Script }).script;
    if (script.x402 === 'refused') return { ok: false, reason: 'transfer_failed', message: 'the payer no longer holds the amount' };
    return { ok: true, chargedMicros: 10_000, receiptHeaders: { 'PAYMENT-RESPONSE': 'receipt' }, transaction: '0xabc', payer: '0xpayer' };
  },
};

let env: TestWorkflowEnvironment;
let worker: Worker;
let running: Promise<void>;
const taskQueue = `test-toolcall-${randomBytes(6).toString('hex')}`;

beforeAll(async () => {
  installWorkerRuntime('ERROR');
  env = await TestWorkflowEnvironment.createFromExistingServer({ address: process.env.TEST_TEMPORAL_ADDRESS ?? '127.0.0.1:7233' });
  const bundle = process.env.WORKFLOW_BUNDLE_PATH;
  worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    activities: fakes,
    ...(bundle ? { workflowBundle: { codePath: bundle } } : { workflowsPath: require.resolve('.') }),
  });
  running = worker.run();
});

afterAll(async () => {
  worker?.shutdown();
  await running;
  await env?.teardown();
});

function callRequest(script: Script, overrides: Partial<ToolCallRequest> = {}): ToolCallRequest {
  const callId = `tc-${randomBytes(8).toString('hex')}`;
  return {
    callId,
    requestId: callId,
    tool: 'sentiment',
    execution: 'local-activity',
    input: { text: 'I love it', script },
    payer: { kind: 'key', id: 'acct-1' },
    pricing: 'flat',
    listPriceMicros: 10_000,
    ...overrides,
  };
}

const start = (request: ToolCallRequest) =>
  env.client.workflow.start<typeof toolCall>('toolCall', { taskQueue, workflowId: `call-${request.callId}`, args: [request] });
const run = async (request: ToolCallRequest): Promise<ToolCallOutcome> => (await start(request)).result();

/** The failure a failed workflow ends with (its cause: the ApplicationFailure or cancellation it threw). */
async function failureOf(request: ToolCallRequest): Promise<unknown> {
  const error = await run(request).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WorkflowFailedError);
  return (error as WorkflowFailedError).cause;
}

describe('toolCall (real workflow, fake activities)', () => {
  it('quick path: runs, reserves and settles in one local activity and answers with its charge', async () => {
    const request = callRequest({ quick: 'completed' });
    const outcome = await run(request);
    expect(outcome).toEqual({
      status: 'completed',
      output: ANSWER.output,
      model: ANSWER.model,
      tokens: ANSWER.tokens,
      chargedMicros: 10_000,
      balanceMicros: 240_000,
    });
    expect(askedOf(request.callId)).toEqual(['quickLocalCall']);
  });

  it('falls back to the ordinary steps (reserve, run, settle) when the quick path cannot finish', async () => {
    const request = callRequest({ quick: 'throws' });
    const outcome = await run(request);
    expect(outcome).toMatchObject({ status: 'completed', output: ANSWER.output, chargedMicros: 10_000, balanceMicros: 240_000 });
    expect(askedOf(request.callId)).toEqual(['quickLocalCall', 'reserveCall', 'runTool', 'settleCall']);
    expect(requestTo(request.callId, 'settleCall')).toMatchObject({ reservedMicros: 10_000, chargedMicros: 10_000, model: 'local/vader' });
  });

  it('answers the quick path’s refusal as rejected, holding nothing more', async () => {
    const request = callRequest({ quick: 'rejected' });
    expect(await run(request)).toEqual({ status: 'rejected', reason: 'insufficient_funds', priceMicros: 10_000, balanceMicros: 2_000 });
    expect(askedOf(request.callId)).toEqual(['quickLocalCall']);
  });

  it('leaves a call with a history (an earlier attempt) to the ordinary steps, which find what it did', async () => {
    const request = callRequest({ quick: 'begun' });
    expect(await run(request)).toMatchObject({ status: 'completed', chargedMicros: 10_000 });
    expect(askedOf(request.callId)).toEqual(['quickLocalCall', 'reserveCall', 'runTool', 'settleCall']);
  });

  it('holds the price and runs the tool again when the quick path’s tool failure may pass', async () => {
    const request = callRequest({ quick: 'tool-failed-retryable' });
    expect(await run(request)).toMatchObject({ status: 'completed', chargedMicros: 10_000 });
    expect(askedOf(request.callId)).toEqual(['quickLocalCall', 'reserveCall', 'runTool', 'settleCall']);
  });

  it('holds and refunds without running again when the quick path’s tool failure is final, and fails with its type', async () => {
    const request = callRequest({ quick: 'tool-failed-final' });
    const cause = await failureOf(request);
    expect(cause).toBeInstanceOf(ApplicationFailure);
    expect(cause).toMatchObject({ type: 'InvalidInput', message: 'no text', details: [{ hint: 'send text' }] });
    expect(askedOf(request.callId)).toEqual(['quickLocalCall', 'reserveCall', 'refundCall']);
    expect(requestTo(request.callId, 'refundCall')).toMatchObject({ reservedMicros: 10_000, code: 'InvalidInput' });
  });

  it('answers a refused reservation as rejected without running the tool', async () => {
    const request = callRequest({ reserve: 'refused' }, { execution: 'activity' });
    expect(await run(request)).toEqual({ status: 'rejected', reason: 'insufficient_funds', priceMicros: 10_000, balanceMicros: 2_000 });
    expect(askedOf(request.callId)).toEqual(['reserveCall']);
  });

  it('refunds what it held when the tool fails, charges nothing and fails with the tool’s error type', async () => {
    const request = callRequest({ tool: 'fails' }, { execution: 'activity' });
    const cause = await failureOf(request);
    expect(cause).toMatchObject({ type: 'InvalidInput', message: 'the text is empty' });
    expect(askedOf(request.callId)).toEqual(['reserveCall', 'runTool', 'refundCall']);
    expect(requestTo(request.callId, 'refundCall')).toMatchObject({
      callId: request.callId,
      reservedMicros: 10_000,
      code: 'InvalidInput',
      error: 'the text is empty',
    });
  });

  it('charges a metered call by its tokens, never more than it reserved', async () => {
    const metering = { markupPercent: 20, minimumMicros: 100, localInputPerMillion: 1_000_000_000, localOutputPerMillion: 1_000_000_000 };
    const cheap = callRequest(
      {},
      { execution: 'activity', pricing: 'metered', metering: { ...metering, localInputPerMillion: 1_000, localOutputPerMillion: 1_000 } },
    );
    expect(await run(cheap)).toMatchObject({ status: 'completed', chargedMicros: 100 });
    const dear = callRequest({}, { execution: 'activity', pricing: 'metered', metering });
    expect(await run(dear)).toMatchObject({ status: 'completed', chargedMicros: 10_000 });
  });

  it('x402: gives the result once the transfer has settled, with its receipt', async () => {
    const payment = { headerName: 'PAYMENT-SIGNATURE', header: 'signed', priceMicros: 10_000, resource: '/sentiment', description: 'sentiment' };
    const request = callRequest({ x402: 'settled' }, { execution: 'activity', payer: { kind: 'x402', id: '0xpayer' }, payment });
    expect(await run(request)).toMatchObject({ status: 'completed', chargedMicros: 10_000, receiptHeaders: { 'PAYMENT-RESPONSE': 'receipt' } });
    expect(askedOf(request.callId)).toEqual(['reserveCall', 'runTool', 'settleX402Call']);
  });

  it('x402: a refused settlement gives no result and records no charge', async () => {
    const payment = { headerName: 'PAYMENT-SIGNATURE', header: 'signed', priceMicros: 10_000, resource: '/sentiment', description: 'sentiment' };
    const request = callRequest({ x402: 'refused' }, { execution: 'activity', payer: { kind: 'x402', id: '0xpayer' }, payment });
    expect(await run(request)).toEqual({ status: 'payment_failed', reason: 'transfer_failed', message: 'the payer no longer holds the amount' });
    expect(askedOf(request.callId)).toEqual(['reserveCall', 'runTool', 'settleX402Call']);
  });

  it('cancellation while the tool runs: the reservation is refunded as cancelled and the workflow ends cancelled', async () => {
    const request = callRequest({ tool: 'hangs' }, { execution: 'activity' });
    const handle = await start(request);
    await waitFor(async () => askedOf(request.callId).includes('runTool'), 'the tool to start');
    await handle.cancel();
    const cause = await handle.result().then(
      () => undefined,
      (e: unknown) => (e as WorkflowFailedError).cause,
    );
    expect(cause).toBeInstanceOf(CancelledFailure);
    expect((await handle.describe()).status.name).toBe('CANCELLED');
    expect(askedOf(request.callId)).toEqual(['reserveCall', 'runTool', 'refundCall']);
    expect(requestTo(request.callId, 'refundCall')).toMatchObject({ reservedMicros: 10_000, code: 'Cancelled' });
  });
});
