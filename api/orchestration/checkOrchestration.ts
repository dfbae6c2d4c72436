import type { Middleware } from 'koa';
import { checkPlan, type OrchestrationKind } from '../../activities/orchestration/checkPlan';
import { unknownTools } from '../../activities/orchestration/toolCatalogue';
import type { ToolEntry } from '../../schema/registry/types';
import type { AppDeps, RequestState } from '../deps';
import { BadRequest, ServiceUnavailable } from '../errors/httpErrors';
import { modelRouterFor } from '../models/modelRouterFor';

const STEP_KINDS: Readonly<Record<string, OrchestrationKind>> = { chain: 'chain', pipeline: 'pipeline', batch: 'batch' };
const AGENTS = new Set(['workflow', 'agent', 'agent/stream']);

/**
 * The checks an orchestration endpoint makes before anything is held or charged (and before an x402 payment is
 * claimed): every step of a chain, pipeline or batch (activities/orchestration/checkPlan.ts), answered as 400
 * naming the step, or 503 when a step's model has no provider; the tools an agent or workflow may use.
 */
export function checkOrchestration(entry: ToolEntry, deps: AppDeps, docs: string): Middleware<RequestState>[] {
  const kind = STEP_KINDS[entry.name];
  if (kind) {
    return [
      async (ctx, next) => {
        const checked = checkPlan(kind, ctx.state.input ?? {}, modelRouterFor(deps.config));
        if (!checked.ok) {
          const { problem } = checked;
          const step = problem.step === undefined ? {} : { step: problem.step };
          if (problem.kind === 'model-unavailable') throw new ServiceUnavailable(problem.message, 60, 'model_unavailable', { hint: problem.hint, ...step });
          throw new BadRequest(problem.message, problem.hint, docs, step);
        }
        await next();
      },
    ];
  }
  if (AGENTS.has(entry.name)) {
    return [
      async (ctx, next) => {
        const unknown = unknownTools(ctx.state.input?.tools as string[] | undefined);
        if (unknown.length > 0) {
          throw new BadRequest(
            `tools: "${unknown[0]}" is not a tool ${entry.path} can use`,
            'Name paid tools as GET /discover lists them, e.g. "summarize"; free, account and orchestration endpoints cannot be used.',
            docs,
          );
        }
        await next();
      },
    ];
  }
  return [];
}
