import { callerLeaving } from '../calls/callerLeaving';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import type pg from 'pg';
import { isWorkflowTool, registry, takesBody } from '../../schema/registry';
import type { ToolEntry } from '../../schema/registry/types';
import type { AppDeps, RequestState } from '../deps';
import { idempotentAnswers } from '../idempotency/idempotentAnswers';
import { inlineHandlers } from '../inline/inlineHandlers';
import { BinaryBody, TextBody } from '../inline/inlineHandler';
import { links } from '../links';
import { callTool, prepare } from '../middleware/callTool';
import { fileBody } from '../middleware/fileBody';
import { jsonBody } from '../middleware/jsonBody';
import { requireIdentity } from '../middleware/requireIdentity';
import { requireKey } from '../middleware/requireKey';
import { requireOperator } from '../middleware/requireOperator';
import { signInRequired } from '../payments/signInRequired';
import { refuseDisallowedTool } from '../accounts/toolAllowance';
import { validate } from '../middleware/validate';
import { type CallStreamHub, createCallStreamHub } from '../callStreams/callStreamHub';
import { streamCall } from '../callStreams/streamCall';
import { wireFormatOf } from '../wire/wireFormats';

/** Every registry entry becomes one route; a route reads as a sentence of middleware. */
export function registryRoutes(deps: AppDeps & { pool: pg.Pool }): Router<RequestState> {
  const router = new Router<RequestState>();
  const streams = createCallStreamHub(deps.pool);
  const body = jsonBody({ limitBytes: deps.config.maxBodyBytes, docs: links(deps.config).docs() });
  for (const entry of registry) {
    const docs = links(deps.config).docs(entry.name);
    const steps: Middleware<RequestState>[] = isWorkflowTool(entry) && entry.method === 'GET' ? [headOfPaidTool()] : [];
    if (entry.path.includes(':')) steps.unshift(notAnotherPath(entry));
    steps.push(
      ...(entry.access === 'key'
        ? [requireKey()]
        : entry.access === 'identity' || entry.access === 'session'
          ? [requireIdentity(entry.access, entry.method === 'GET' ? () => signInRequired(deps, entry.path, entry.summary) : undefined)]
          : entry.access === 'admin'
            ? [requireOperator(deps.config.adminToken)]
            : []),
    );
    // A key limited to some tools: paid tools are checked where every call is prepared (prepareCall), and so is the tool
    // an endpoint runs by name (/execute/{endpoint_id}: judged by that tool, not by /execute); the rest here.
    if (!isWorkflowTool(entry) && entry.runsToolNamedBy === undefined) steps.push(allowedFor(entry, docs));
    steps.push(
      ...(takesBody(entry)
        ? [
            entry.body === 'file' ? fileBody({ maxFileBytes: deps.config.fileMaxBytes, docs, input: entry.input, aliases: entry.aliases }) : body,
            validate(entry, docs),
          ]
        : [validate(entry, docs)]),
    );
    // A route that changes state keeps the first answer to each idempotency key the caller sends (api/idempotency/).
    steps.push(...idempotentAnswers(entry, deps, docs));
    steps.push(...handlerFor(entry, deps, docs, streams));
    router.register(entry.path, [entry.method], steps as never);
  }
  return router;
}

function handlerFor(entry: ToolEntry, deps: AppDeps, docs: string, streams: CallStreamHub): Middleware<RequestState>[] {
  if (isWorkflowTool(entry)) {
    return [
      prepare(entry, deps),
      ...(entry.streaming ? [streamCall(deps, streams, wireFormatOf(entry))] : []),
      callTool(entry, deps),
    ] as Middleware<RequestState>[];
  }
  const handler = inlineHandlers[entry.name];
  if (!handler) throw new Error(`registry entry ${entry.name} is inline but has no handler`);
  return [
    async (ctx) => {
      const result = await handler(ctx.state.input ?? {}, {
        deps,
        state: ctx.state,
        docs,
        params: ctx.params,
        header: (name) => ctx.get(name),
        headers: ctx.headers,
        // Vary adds to what other middleware said (CORS varies by Origin) instead of replacing it.
        setHeader: (name, value) => (name.toLowerCase() === 'vary' ? ctx.vary(value) : ctx.set(name, value)),
        leaving: () => callerLeaving(ctx.res),
        accepts: (...types) => ctx.accepts(types),
      });
      if (result instanceof TextBody) {
        ctx.type = result.contentType;
        ctx.body = result.text;
      } else if (result instanceof BinaryBody) {
        ctx.type = result.contentType;
        ctx.body = result.bytes;
      } else {
        ctx.body = result;
      }
    },
  ];
}

/** The methods of each path without parameters (/files/upload: POST). */
const methodsAt = new Map<string, Set<string>>();
for (const entry of registry) if (!entry.path.includes(':')) methodsAt.set(entry.path, (methodsAt.get(entry.path) ?? new Set()).add(entry.method));

/**
 * A path of its own (/files/upload) is that resource, as the OpenAPI document says (a concrete path before a
 * templated one), not an id of /files/:file_id: a method it does not take is left unanswered here, and the fallback
 * answers 405 with the methods it does take.
 */
function notAnotherPath(entry: ToolEntry): Middleware<RequestState> {
  return (ctx, next) => {
    const methods = methodsAt.get(ctx.path);
    if (methods && !methods.has(entry.method)) return Promise.resolve();
    return next();
  };
}

function allowedFor(entry: ToolEntry, docs: string): Middleware<RequestState> {
  return (ctx, next) => {
    refuseDisallowedTool(ctx.state.caller, entry, docs);
    return next();
  };
}

/**
 * HEAD of a paid tool's GET route (a router answers HEAD with the GET handler): what the answer would be, not the
 * answer, so it never runs or charges the tool, needs no payment and checks no query: 200 with the GET's media type
 * and no body. The x402 paywall page asks HEAD of its own path (query dropped) to read its headers.
 */
function headOfPaidTool(): Middleware<RequestState> {
  return async (ctx, next) => {
    if (ctx.method !== 'HEAD') return next();
    ctx.status = 200;
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'no-store');
  };
}
