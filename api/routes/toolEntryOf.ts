import type Router from '@koa/router';
import { isWorkflowTool, registry, type WorkflowToolEntry } from '../../schema/registry';
import type { RequestState } from '../deps';

/**
 * Which workflow tool a request will call, matched as the router will match it, before the router runs: for the
 * middleware ahead of it that treats a paid call apart (its balance read early, its refusal when the replica is full).
 * The router matches ~190 routes one by one and matches the request again later: a path's answer is kept (a tool's
 * paths are few and fixed; a flood of distinct ones starts the memo over rather than growing it).
 */
export function toolEntryOf(tools: Router<RequestState>): (method: string, path: string) => WorkflowToolEntry | undefined {
  const toolRoutes = new Map(registry.filter(isWorkflowTool).map((entry) => [`${entry.method} ${String(entry.path)}`, entry]));
  const known = new Map<string, WorkflowToolEntry | null>();
  return (method, path) => {
    const request = `${method} ${path}`;
    let answer = known.get(request);
    if (answer === undefined) {
      const layer = tools.match(path, method).pathAndMethod.find((route) => toolRoutes.has(`${method} ${String(route.path)}`));
      answer = layer ? toolRoutes.get(`${method} ${String(layer.path)}`)! : null;
      if (known.size >= 1_000) known.clear();
      known.set(request, answer);
    }
    return answer ?? undefined;
  };
}
