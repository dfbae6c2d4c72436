import type { Middleware } from 'koa';
import { checkPlan } from '../../core/orchestration/checkPlan';
import { unknownTools } from '../../core/orchestration/toolCatalogue';
import { isStepTool, stepToolName } from '../../core/orchestration/stepTools';
import { registry } from '../../schema/registry';
import { modelResolverFor } from '../../core/models/configuredProviders';
import type { ToolEntry } from '../../schema/registry/types';
import type { AppDeps, RequestState } from '../deps';
import { BadRequest, type HttpError, NotConfigured } from '../errors/httpErrors';

/**
 * The checks an orchestration endpoint makes before anything is held or charged (and before an x402 payment is
 * claimed): every step of a chain, pipeline or batch (core/orchestration/checkPlan.ts), answered as 400
 * naming the step, or 503 not_configured when a step's model has no provider; the tools an agent or workflow may use.
 */
export function checkOrchestration(entry: ToolEntry, deps: AppDeps, docs: string): Middleware<RequestState>[] {
  if (!entry.orchestration) return [];
  return [
    async (ctx, next) => {
      const problem = orchestrationProblem(entry, ctx.state.input ?? {}, deps, docs);
      if (problem) throw problem;
      await next();
    },
  ];
}

/** The same checks for any caller (the MCP route): the error to answer, or null when the plan can run. */
export function orchestrationProblem(entry: ToolEntry, input: Record<string, unknown>, deps: AppDeps, docs: string): HttpError | null {
  const kind = entry.orchestration;
  if (kind === 'chain' || kind === 'pipeline' || kind === 'batch') {
    const checked = checkPlan(kind, input, modelResolverFor(deps.config, deps.localModels.current()));
    if (checked.ok) return null;
    const { problem } = checked;
    const step = problem.step === undefined ? {} : { step: problem.step };
    if (problem.kind === 'model-unavailable') return new NotConfigured(problem.message, problem.hint, problem.settings ?? [], step);
    const invalid = new BadRequest(problem.message, problem.hint, docs, step);
    return problem.code ? invalid.withCode(problem.code) : invalid;
  }
  if (kind === 'goal' || kind === 'agent') {
    const unknown = unknownTools(input.tools as string[] | undefined);
    if (unknown.length === 0) return null;
    return new BadRequest(
      `tools: "${unknown[0]}" is not a tool ${entry.path} can use`,
      'Name paid tools as GET /discover lists them, e.g. "summarize"; free, account and orchestration endpoints cannot be used.',
      docs,
    );
  }
  if (kind === 'api-call' && typeof input.enrich === 'string') {
    const tool = registry.find((e) => e.name === stepToolName(String(input.enrich)));
    const takesText = isStepTool(tool) && 'text' in ((tool.input.properties ?? {}) as Record<string, unknown>);
    if (takesText) return null;
    return new BadRequest(
      `enrich: "${String(input.enrich)}" is not a tool that takes text`,
      'Send enrich: true (summarize), or a tool that reads `text`, e.g. "keywords", "sentiment", "summarize".',
      docs,
    );
  }
  return null;
}
