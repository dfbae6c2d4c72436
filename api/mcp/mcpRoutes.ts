import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import Router from '@koa/router';
import type { Context } from 'koa';
import { closest } from '../../core/validation/closest';
import type { AppDeps, RequestState } from '../deps';
import { NotFound } from '../errors/httpErrors';
import { links } from '../links';
import { jsonBody } from '../middleware/jsonBody';
import { mcpCatalogue } from './mcpCatalogue';
import type { McpEndpoint } from './mcpEndpoint';
import { mcpMounts } from './mcpMounts';

/**
 * The MCP endpoint: Streamable HTTP, stateless (every POST carries one JSON-RPC message and gets its answer as
 * JSON), so any replica can serve any request and nothing lives between them. Credentials and the client IP are
 * the HTTP request's, read by the same middleware as every other route. /mcp offers every tool; /mcp/<mount> one
 * category or family of them (mcpMounts.ts), for a host that wants only those. The MCP SDK loads with the first MCP
 * request, so an API that serves none never holds it (5 MiB of the compiled API's 155 MiB at rest).
 */
export function mcpRoutes(deps: AppDeps): Router<RequestState> {
  const router = new Router<RequestState>();
  const docs = links(deps.config).docs('mcp');
  const body = jsonBody({ limitBytes: deps.config.maxBodyBytes, docs });
  let endpoint: Promise<McpEndpoint> | undefined;
  const serve = (mount: string | undefined) => async (ctx: Context & { state: RequestState }) => {
    const answer = await (endpoint ??= import('./mcpEndpoint.js').then((mcp) => mcp.createMcpEndpoint(deps)));
    const from = { caller: ctx.state.caller, clientIp: ctx.state.clientIp, requestId: ctx.state.requestId };
    await send(ctx, await answer(webRequest(ctx), ctx.request.body, { from, mount }));
  };
  router.post('/mcp', body, serve(undefined));
  router.post('/mcp/:mount', body, async (ctx) => {
    const mounts = mcpMounts(mcpCatalogue(deps));
    const mount = ctx.params.mount!;
    if (!mounts.has(mount)) {
      const near = closest(mount, mounts.keys());
      throw new NotFound(`no MCP mount "${mount}"; mounts: ${[...mounts.keys()].join(', ')}`, near && `/mcp/${near}`, docs);
    }
    await serve(mount)(ctx);
  });
  return router;
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

/** The SDK's answer, written under the headers set so far (version, rate limit, request id). */
async function send(ctx: Context, response: Response): Promise<void> {
  ctx.status = response.status;
  response.headers.forEach((value, name) => ctx.set(name, value));
  ctx.respond = false;
  if (response.body) await pipeline(Readable.fromWeb(response.body as ReadableStream), ctx.res);
  else ctx.res.end();
}
