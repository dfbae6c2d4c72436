import type { Middleware } from 'koa';
import { takesBody } from '../../schema/registry';
import type { ToolEntry } from '../../schema/registry/types';
import type { RequestState } from '../deps';
import { BadRequest } from '../errors/httpErrors';
import { describeFields } from '../../core/validation/describeSchema';
import { compileToolInput } from '../../core/validation/checkToolInput';

/** Validates the body (POST, PUT, PATCH) or query (GET, DELETE) against the tool's schema once; handlers read ctx.state.input. */
export function validate(entry: ToolEntry, docsUrl: string): Middleware<RequestState> {
  const check = compileToolInput(entry, takesBody(entry) ? 'body' : 'query');
  const fields = describeFields(entry.input, entry.aliases);
  const fromPath = pathParamsIn(entry);
  return async (ctx, next) => {
    const sent = takesBody(entry) ? (ctx.request.body as Record<string, unknown>) : firstValues(ctx.query);
    // A path parameter the input declares (/catalog/:id) is input too; the path wins over a body field of that name.
    const raw = fromPath.length ? { ...sent, ...Object.fromEntries(fromPath.map((name) => [name, ctx.params?.[name]])) } : sent;
    const result = check(raw);
    if (!result.ok) {
      const [first, ...rest] = result.problems;
      throw new BadRequest(
        first!.message,
        `${entry.method} ${entry.path} takes: ${fields}.`,
        docsUrl,
        rest.length ? { problems: result.problems.map((p) => p.message) } : {},
      ).forField(first!.field);
    }
    ctx.state.input = result.value;
    ctx.state.tool = entry.name;
    await next();
  };
}

/** The path's parameters that the entry's input declares (the others, like a webhook's id, stay path-only). */
export function pathParamsIn(entry: ToolEntry): string[] {
  const declared = (entry.input.properties ?? {}) as Record<string, unknown>;
  return [...entry.path.matchAll(/:(\w+)/g)].map((m) => m[1]!).filter((name) => name in declared);
}

/** Repeated parameters keep their first value; `key` is a credential, not tool input. */
function firstValues(query: Record<string, string | string[] | undefined>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([k]) => k !== 'key')
      .map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
  );
}
