import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { closest } from '../../core/validation/closest';
import type { RequestState } from '../deps';
import { MethodNotAllowed, NotFound } from '../errors/httpErrors';

/** After the routers: a known path with the wrong method is 405 (with Allow); anything else 404 with the nearest real path. */
export function fallback(routers: readonly Router<RequestState>[], docs: string): Middleware<RequestState> {
  const paths = () => [...new Set(routers.flatMap((r) => r.stack.map((layer) => layer.path as string)))].filter((p) => !p.includes(':'));
  return async (ctx, next) => {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    const layers = routers.flatMap((router) => router.match(ctx.path, ctx.method).path);
    // A path of its own (/webhooks/create) is that resource, as the OpenAPI document says, not an id of /webhooks/:id.
    const exact = layers.filter((layer) => !(layer.path as string).includes(':'));
    const allowed = new Set<string>();
    for (const layer of exact.length ? exact : layers) for (const method of layer.methods) if (method !== 'HEAD') allowed.add(method);
    if (allowed.size > 0) throw new MethodNotAllowed(ctx.method, ctx.path, [...allowed], docs);
    const suggestion = closest(ctx.path, paths(), 0.6);
    throw new NotFound(`no endpoint at ${ctx.path}`, suggestion, docs);
  };
}
