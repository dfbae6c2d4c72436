import { PAYMENT_REFUSALS } from '../../schema/calls';
import type { StoredEventOf } from '../eventStore/types';
import type { Projection } from './types';

export interface CallRow {
  call_id: string;
  tool: string;
  payer_kind: string;
  payer_id: string;
  status: 'running' | 'completed' | 'failed' | 'rejected';
  price_micros: number;
  /** What the call costs now: its charge, less what the operator gave back. */
  charged_micros: number;
  refunded_micros: number;
  model: string | null;
  input_tokens: number;
  output_tokens: number;
  duration_ms: number | null;
  started_at: Date;
  finished_at: Date | null;
}

type CallEvent = StoredEventOf<'ToolCallStarted' | 'ToolCallCompleted' | 'ToolCallFailed' | 'ToolCallRejected' | 'ToolCallRefunded'>;

/**
 * One row a call: the source of usage figures (calls today, top tools, last use). Filled asynchronously. A call
 * refused for payment is `rejected` whenever it was refused — at its reservation, or after (a reward the balance
 * could not hold, an x402 transfer refused at settlement) — and every usage figure leaves rejected calls out. A charge
 * the operator gave back (ToolCallRefunded) no longer counts as spent.
 */
export const calls: Projection<CallRow> = {
  name: 'calls',
  version: 3,
  mode: 'async',
  table: 'calls',
  columns: {
    call_id: 'text',
    tool: 'text',
    payer_kind: 'text',
    payer_id: 'text',
    status: 'text',
    price_micros: 'bigint',
    charged_micros: 'bigint',
    refunded_micros: 'bigint',
    model: 'text',
    input_tokens: 'integer',
    output_tokens: 'integer',
    duration_ms: 'integer',
    started_at: 'timestamptz',
    finished_at: 'timestamptz',
  },
  key: ['call_id'],
  indexes: [['payer_id', 'started_at']],
  handles: ['ToolCallStarted', 'ToolCallCompleted', 'ToolCallFailed', 'ToolCallRejected', 'ToolCallRefunded'],
  keysOf: (event) => [{ call_id: (event as CallEvent).data.callId }],
  initial: (key, stored) => {
    const event = stored as CallEvent;
    return {
      call_id: key.call_id as string,
      tool: event.data.tool,
      payer_kind: event.data.payer.kind,
      payer_id: event.data.payer.id,
      status: 'running',
      price_micros: 0,
      charged_micros: 0,
      refunded_micros: 0,
      model: null,
      input_tokens: 0,
      output_tokens: 0,
      duration_ms: null,
      started_at: event.recordedAt,
      finished_at: null,
    };
  },
  evolve(row, stored) {
    const event = stored as CallEvent;
    switch (event.type) {
      case 'ToolCallStarted':
        return { ...row, price_micros: event.data.priceMicros, started_at: event.recordedAt };
      case 'ToolCallCompleted':
        return {
          ...row,
          status: 'completed',
          charged_micros: event.data.chargedMicros,
          model: event.data.model,
          input_tokens: event.data.tokens.input,
          output_tokens: event.data.tokens.output,
          duration_ms: event.data.durationMs,
          finished_at: event.recordedAt,
        };
      case 'ToolCallFailed':
        return { ...row, status: PAYMENT_REFUSALS.includes(event.data.code) ? 'rejected' : 'failed', finished_at: event.recordedAt };
      case 'ToolCallRejected':
        return { ...row, status: 'rejected', price_micros: event.data.priceMicros, finished_at: event.recordedAt };
      case 'ToolCallRefunded':
        return { ...row, charged_micros: row.charged_micros - event.data.amountMicros, refunded_micros: row.refunded_micros + event.data.amountMicros };
    }
  },
};
