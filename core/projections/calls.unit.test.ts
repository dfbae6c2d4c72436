import { at, recorded, resetScenario, rowsAfter } from '../../test/support/projectionScenario';
import { calls } from './calls';

beforeEach(resetScenario);

const payer = { kind: 'key', id: 'acct-1' } as const;
const started = () =>
  recorded('ToolCallStarted', { callId: 'c1', tool: 'sentiment', payer, priceMicros: 5_000, discountPercent: 0, pricing: 'flat', requestId: 'r1' });

describe('calls projection', () => {
  it('given nothing, when a call starts, then it is running at its price with no charge yet', () => {
    expect(rowsAfter(calls, [], [started()])).toEqual([
      {
        call_id: 'c1',
        tool: 'sentiment',
        payer_kind: 'key',
        payer_id: 'acct-1',
        status: 'running',
        price_micros: 5_000,
        charged_micros: 0,
        refunded_micros: 0,
        model: null,
        input_tokens: 0,
        output_tokens: 0,
        duration_ms: null,
        started_at: at(0),
        finished_at: null,
      },
    ]);
  });

  it('given a started call, when it completes, then its charge, model, tokens and duration are recorded', () => {
    const given = [started()];
    const when = recorded('ToolCallCompleted', {
      callId: 'c1',
      tool: 'sentiment',
      payer,
      model: 'local/vader',
      tokens: { input: 12, output: 30 },
      durationMs: 4,
      chargedMicros: 5_000,
    });
    expect(rowsAfter(calls, given, [when])).toMatchObject([
      { status: 'completed', charged_micros: 5_000, model: 'local/vader', input_tokens: 12, output_tokens: 30, duration_ms: 4, finished_at: at(1) },
    ]);
  });

  it('given a started call, when it fails, then it is failed and charged nothing', () => {
    const given = [started()];
    const when = recorded('ToolCallFailed', { callId: 'c1', tool: 'sentiment', payer, error: 'boom', code: 'UpstreamFailure', refundedMicros: 5_000 });
    expect(rowsAfter(calls, given, [when])).toMatchObject([{ status: 'failed', charged_micros: 0, finished_at: at(1) }]);
  });

  it.each(['InsufficientFunds', 'PaymentFailed'])(
    'given a started call, when it ends refused for payment (%s), then it is rejected, not a failed call',
    (code) => {
      const given = [started()];
      const when = recorded('ToolCallFailed', { callId: 'c1', tool: 'task/submit', payer, error: 'no', code, refundedMicros: 5_000 });
      expect(rowsAfter(calls, given, [when])).toMatchObject([{ status: 'rejected', charged_micros: 0, finished_at: at(1) }]);
    },
  );

  it('given nothing, when a call is rejected, then it is recorded as rejected at the price it could not pay', () => {
    const when = recorded('ToolCallRejected', { callId: 'c2', tool: 'summarize', payer, reason: 'insufficient_funds', priceMicros: 10_000, balanceMicros: 2 });
    expect(rowsAfter(calls, [], [when])).toMatchObject([{ call_id: 'c2', tool: 'summarize', status: 'rejected', price_micros: 10_000, finished_at: at(0) }]);
  });
});
