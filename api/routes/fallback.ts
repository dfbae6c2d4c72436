import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { distance } from 'fastest-levenshtein';
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
    const suggestion = nearPath(ctx.path, paths());
    const error = new NotFound(`no endpoint at ${ctx.path}`, suggestion, docs);
    // A vendor's route we do not serve (OpenAI's Responses, say): what is served in those formats, not a near spelling.
    const vendor = paths().filter((path) => path.startsWith('/v1/'));
    if (ctx.path.startsWith('/v1/') && !suggestion) error.withFields({ hint: `Served under /v1/ here: ${vendor.sort().join(', ')}.` });
    throw error;
  };
}

/**
 * The path a caller most likely meant, only when it is close: at most one edit in four characters of the longer
 * path (`/sentimnet` → `/sentiment`, `/v1/chat/completion` → `/v1/chat/completions`). A short path two letters
 * off another (`/nope` and `/code`) is another word, not a typo: no suggestion is better than noise.
 */
export function nearPath(asked: string, paths: readonly string[]): string | null {
  let best: string | null = null;
  let bestSimilarity = 0;
  for (const path of paths) {
    const similarity = 1 - distance(asked.toLowerCase(), path.toLowerCase()) / Math.max(asked.length, path.length);
    if (similarity > bestSimilarity) [best, bestSimilarity] = [path, similarity];
  }
  return bestSimilarity >= 0.75 ? best : null;
}
