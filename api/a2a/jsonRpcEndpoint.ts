import { A2A_VERSION_HEADER, AgentCard, Extensions, HTTP_EXTENSION_HEADER } from '@a2a-js/sdk';
import { JsonRpcTransportHandler, ServerCallContext, validateVersion } from '@a2a-js/sdk/server';
import type { ParameterizedContext } from 'koa';
import { A2A_PROTOCOL_BINDING, X402_EXTENSION_URI } from '../../schema/a2a/protocol';
import type { RequestState } from '../deps';
import { openSse } from '../callStreams/sseWriter';
import type { A2ARequest } from './a2aSender';
import type { AgentCardJson } from './agentCard';
import { A2ATaskRequests } from './a2aTaskRequests';

/** The extension header's name in the A2A x402 extension's text (A2A 1.0 names it A2A-Extensions). */
const LEGACY_EXTENSION_HEADER = 'X-A2A-Extensions';

/**
 * Answers one JSON-RPC request of A2A 1.0 in Koa. The official SDK's transport handler (framework-free) reads the
 * request and writes the answer in A2A's JSON; this is what its Express adapter does around it, in Koa: the A2A-Version
 * check against the card, the A2A-Extensions header both ways, and SendStreamingMessage / SubscribeToTask as
 * server-sent events, each event one JSON-RPC response. Errors are JSON-RPC errors with HTTP 200 (a failure before the
 * stream opens is a plain JSON answer, as the SDK's client expects).
 */
export async function answerJsonRpc(ctx: ParameterizedContext<RequestState>, request: A2ARequest, card: AgentCardJson): Promise<void> {
  const body = ctx.request.body as Record<string, unknown> | undefined;
  const id = typeof body?.id === 'string' || typeof body?.id === 'number' ? body.id : null;
  const failed = (error: unknown) => ({ jsonrpc: '2.0', id, error: JsonRpcTransportHandler.mapToJSONRPCError(error) });
  const requested = [ctx.get(HTTP_EXTENSION_HEADER), ctx.get(LEGACY_EXTENSION_HEADER)].filter(Boolean).join(',');
  const context = new ServerCallContext({
    requestedVersion: ctx.get(A2A_VERSION_HEADER) || undefined,
    requestedExtensions: Extensions.parseServiceParameter(requested || undefined),
  });
  try {
    validateVersion(context.requestedVersion, AgentCard.fromJSON(card), A2A_PROTOCOL_BINDING);
  } catch (error) {
    ctx.body = failed(error);
    return;
  }
  // The one extension this agent speaks: marked active for a client that asked for it.
  if (context.requestedExtensions?.includes(X402_EXTENSION_URI)) context.addActivatedExtension(X402_EXTENSION_URI);
  const answer = await new JsonRpcTransportHandler(new A2ATaskRequests(request, card)).handle(body ?? {}, context);
  if (context.activatedExtensions?.length) ctx.set(HTTP_EXTENSION_HEADER, Extensions.toServiceParameter(context.activatedExtensions));
  if (!(Symbol.asyncIterator in answer)) {
    ctx.body = answer;
    return;
  }
  const events = answer[Symbol.asyncIterator]();
  let first: IteratorResult<unknown>;
  try {
    first = await events.next();
  } catch (error) {
    ctx.body = failed(error);
    return;
  }
  ctx.status = 200;
  ctx.respond = false;
  const sse = openSse(ctx.res);
  try {
    for (let next = first; !next.done; next = await events.next()) sse.data(next.value);
  } catch (error) {
    sse.data(failed(error));
  } finally {
    await events.return?.();
    sse.end();
  }
}
