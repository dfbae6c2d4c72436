import { callHistory, type CallPosition } from '../../core/accounts/callHistory';
import { microsToUsd } from '../../schema/money';
import { BadRequest } from '../errors/httpErrors';
import type { accountTools } from '../../schema/accounts/accountTools';
import type { HandlerFor } from '../inline/inlineHandler';
import { callerAccount } from '../callerAccount';

/** A page's position as an opaque cursor (base64url of JSON), so callers pass it back and never build one. */
const encodeCursor = (position: CallPosition) => Buffer.from(JSON.stringify([position.startedAt, position.callId])).toString('base64url');

function decodeCursor(cursor: string, docs: string): CallPosition {
  try {
    const [startedAt, callId] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof startedAt === 'string' && !Number.isNaN(Date.parse(startedAt)) && typeof callId === 'string') return { startedAt, callId };
  } catch {
    // Falls through to the refusal below.
  }
  throw new BadRequest(
    'cursor is not one this endpoint gave',
    'Pass the `next_cursor` of the previous page as it was, or leave `cursor` out for the first page.',
    docs,
  ).forField('cursor');
}

/** GET /api/usage/calls: the key's calls, newest first, a page at a time. */
export const callHistoryResponse: HandlerFor<typeof accountTools, 'api/usage/calls'> = async (input, { deps, state, docs }) => {
  const { accountId } = callerAccount(state);
  const page = await callHistory(deps.store.db, accountId, {
    limit: input.limit,
    ...(typeof input.cursor === 'string' ? { after: decodeCursor(input.cursor, docs) } : {}),
    ...(typeof input.tool === 'string' ? { tool: input.tool } : {}),
    ...(typeof input.status === 'string' ? { status: input.status } : {}),
  });
  return {
    calls: page.calls.map((call) => ({
      call_id: call.call_id,
      tool: call.tool,
      status: call.status,
      model: call.model,
      price_usd: microsToUsd(Number(call.price_micros)),
      cost_usd: microsToUsd(Number(call.charged_micros)),
      tokens: { input: call.input_tokens, output: call.output_tokens },
      duration_ms: call.duration_ms,
      started_at: call.started_at.toISOString(),
      finished_at: call.finished_at?.toISOString() ?? null,
    })),
    next_cursor: page.next ? encodeCursor(page.next) : null,
  };
};
