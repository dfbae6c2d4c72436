import type { TokenUsage } from '../../schema/events';
import type { Config } from '../../schema/config';
import { microsToUsd } from '../../schema/money';
import type { ToolEntry } from '../../schema/registry/types';
import { listPriceOf } from '../../core/ledger/pricing';
import generated from './answerExamples.json';

/** The data file the answer examples are kept in, written by `npm run openapi:examples -- --write` (scripts/answerExamples.ts). */
export const ANSWER_EXAMPLES_FILE = 'api/discovery/answerExamples.json';

/**
 * The instant the examples are made at and say they were answered at: the clock tools read (a time zone's current
 * time, this year's holidays) and `_meta.timestamp`, fixed so the file changes only when an answer does.
 */
export const ANSWER_EXAMPLE_INSTANT = '2026-01-01T00:00:00.000Z';

/** The request id (and so call id) an example answer names: a made-up one is a UUID; this one is plainly a placeholder. */
export const ANSWER_EXAMPLE_REQUEST_ID = '00000000-0000-4000-8000-000000000000';

/** What a tool's implementation answered to its entry's input example: the result as the worker hands it to the call. */
export interface GeneratedAnswer {
  readonly output: Record<string, unknown>;
  readonly model: string;
  readonly tokens: TokenUsage;
  /** The tool's own `_meta` fields (its source). */
  readonly meta?: Record<string, unknown>;
}

/** The answers by tool name; a tool absent here runs elsewhere than offline (or has no example) and the document gives none. */
export type AnswerExamples = Readonly<Record<string, GeneratedAnswer>>;

const answers = generated as unknown as AnswerExamples;

/**
 * The example of an entry's 200 answer, as the service would send it: what the implementation answers to the entry's
 * own input example, with the `_meta` of that call paid with a key at the list price. `_meta`'s fields that change
 * with every call are fixed (the timestamp, the request and call id): an example without `_meta` would contradict the
 * schema beside it, which requires it. Undefined for an entry with no generated answer.
 */
export function answerExample(entry: ToolEntry, config: Config, from: AnswerExamples = answers): Record<string, unknown> | undefined {
  const answer = Object.hasOwn(from, entry.name) ? from[entry.name] : undefined;
  if (!answer) return undefined;
  const price = listPriceOf(entry, config);
  const payment = price > 0 ? { network: 'prepaid', payment: 'key' } : { network: 'free', payment: 'none' };
  return {
    ...answer.output,
    _meta: {
      endpoint: entry.path,
      model: answer.model,
      network: payment.network,
      timestamp: ANSWER_EXAMPLE_INSTANT,
      request_id: ANSWER_EXAMPLE_REQUEST_ID,
      call_id: ANSWER_EXAMPLE_REQUEST_ID,
      payment: payment.payment,
      pricing: 'flat',
      cost_usd: microsToUsd(price),
      tokens: answer.tokens,
      ...answer.meta,
    },
  };
}
