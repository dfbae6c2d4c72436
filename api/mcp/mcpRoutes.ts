import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { closest } from '../../core/validation/closest';
import { callerTag } from '../admission/callerTag';
import type { AppDeps, RequestState } from '../deps';
import { BadRequest } from '../errors/httpErrors';
import { links } from '../links';
import { jsonBody } from '../middleware/jsonBody';
import { mcpCatalogue } from './mcpCatalogue';
import type { McpEndpoint } from './mcpEndpoint';
import { mcpToolGroups, selectMcpTools, toolGroupsAsked, UnknownToolGroup } from './mcpToolGroups';

/**
 * The MCP endpoint: Streamable HTTP, stateless (every POST carries one JSON-RPC message and gets its answer as
 * JSON), so any replica can serve any request and nothing lives between them. Credentials and the client IP are
 * the HTTP request's, read by the same middleware as every other route. /mcp offers every tool; /mcp?tools=data,memory
 * the tools of those groups (a registry category or family: mcpToolGroups.ts), for a host that wants only those. A
 * query parameter rather than a path of its own: hosts and the MCP Inspector take a URL whose path ends in /mcp for
 * Streamable HTTP, and /mcp/data would not. The MCP SDK loads with the first MCP request, so an API that serves none
 * never holds it (5 MiB of the compiled API's 155 MiB at rest).
 */
export function mcpRoutes(deps: AppDeps): Router<RequestState> {
  const router = new Router<RequestState>();
  const docs = links(deps.config).docs('mcp');
  const body = jsonBody({ limitBytes: deps.config.maxBodyBytes, docs });
  let endpoint: Promise<McpEndpoint> | undefined;
  router.post('/mcp', body, async (ctx) => {
    const groups = toolGroupsAsked(ctx.query.tools);
    refuseUnknownGroups(deps, groups, docs);
    const answer = await (endpoint ??= import('./mcpEndpoint.js').then((mcp) => mcp.createMcpEndpoint(deps)));
    const from = {
      caller: ctx.state.caller,
      clientIp: ctx.state.clientIp,
      requestId: ctx.state.requestId,
      callerTag: callerTag(ctx.headers.authorization, ctx.state.clientIp),
    };
    await send(ctx, await answer(webRequest(ctx), ctx.request.body, { from, groups }), deps.log);
  });
  return router;
}

/** A group that does not exist is the caller's mistake, answered before the SDK is involved: 400 naming the groups. */
function refuseUnknownGroups(deps: AppDeps, asked: readonly string[], docs: string): void {
  const catalogue = mcpCatalogue(deps);
  try {
    selectMcpTools(catalogue, asked);
  } catch (error) {
    if (!(error instanceof UnknownToolGroup)) throw error;
    const names = [...mcpToolGroups(catalogue).keys()];
    const near = closest(error.group, names);
    throw new BadRequest(`tools: ${error.message}`, `${near ? `Did you mean "${near}"? ` : ''}The groups: ${names.join(', ')}.`, docs);
  }
}

/** The request as the SDK takes it (a web Request); its body, already read and checked, goes beside it. */
function webRequest(ctx: Context): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const aborted = new AbortController();
  ctx.res.once('close', () => aborted.abort());
  return new Request(new URL(ctx.originalUrl, `http://${ctx.host || 'localhost'}`), { method: ctx.method, headers, signal: aborted.signal });
}

/**
 * The SDK's answer, written under the headers set so far (version, rate limit, request id). A client that has gone
 * (it closed the connection while its call ran, or while an event stream was being written) gets nothing: writing to
 * its destroyed response would fail (ERR_STREAM_UNABLE_TO_PIPE) and land as an unhandled error of ours.
 */
async function send(ctx: Context, response: Response, log: Logger): Promise<void> {
  ctx.respond = false;
  const gone = () => ctx.res.destroyed || ctx.res.writableEnded;
  if (gone()) {
    // Set on the Node response: Koa's setter refuses a status outside the registry's list, and the request log reads it.
    ctx.res.statusCode = response.status;
    await response.body?.cancel().catch(() => undefined);
    log.debug({ requestId: ctx.state.requestId, status: response.status }, 'MCP client left before its answer');
    return;
  }
  ctx.status = response.status;
  response.headers.forEach((value, name) => ctx.set(name, value));
  if (!response.body) return void ctx.res.end();
  try {
    await pipeline(Readable.fromWeb(response.body as ReadableStream), ctx.res);
  } catch (error) {
    if (!gone()) throw error;
    log.debug({ requestId: ctx.state.requestId }, 'MCP client left while its answer was written');
  }
}
