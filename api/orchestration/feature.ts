import type { ApiFeature } from '../features';
import { BadRequest } from '../errors/httpErrors';
import { orchestrationProblem } from './checkOrchestration';

/**
 * Orchestration answers no inline endpoint; before any call is paid for it checks the plan (every step of a chain,
 * pipeline or batch; the tools an agent may use; an enrichment step): a mistake in it is the caller's (400, at once),
 * a step's model this deployment lacks is said once the payer is settled (503).
 */
export const feature = {
  handlers: {},
  beforePayment: ({ deps, entry, input, docs }) => {
    const problem = orchestrationProblem(entry, input, deps, docs);
    if (problem instanceof BadRequest) throw problem;
    return problem ? { unavailable: problem } : undefined;
  },
} satisfies ApiFeature;
