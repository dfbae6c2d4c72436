import type { ModelRequest, ModelRouter, ProviderChoice, RoutedCompletion } from '../providers';
import type { CallProgress } from '../tools/callProgress';
import { affordableOutput, candidateModels, tokenBound, worstCost } from './spendBudget';

export interface TurnLimits {
  /** The longest answer this turn may want. */
  readonly maxTokens: number;
  /** Below this the turn is not worth asking for: the budget is spent. */
  readonly minTokens: number;
}

export type BudgetedCompletion =
  { readonly ok: true; readonly completion: RoutedCompletion; readonly costMicros: number } | { readonly ok: false; readonly reason: 'budget' };

/**
 * One model request of an orchestrated call, within what is left of its spend cap: the answer's token limit is cut
 * so that the request's worst case (its input bound and that limit, on the dearest model it could land on) fits.
 * A retried attempt assumes each earlier attempt spent that worst case, and counts it.
 */
export async function askWithinBudget(
  router: ModelRouter,
  choice: ProviderChoice,
  request: Omit<ModelRequest, 'maxTokens'>,
  limits: TurnLimits,
  budgetMicros: number,
  progress: CallProgress,
): Promise<BudgetedCompletion> {
  const models = candidateModels(router, choice);
  const input = tokenBound([request.system ?? '', ...request.messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))]);
  const share = Math.floor(budgetMicros / progress.attempt);
  const maxTokens = Math.min(limits.maxTokens, affordableOutput(models, input, share));
  if (maxTokens < limits.minTokens) return { ok: false, reason: 'budget' };
  const worst = worstCost(models, { input, output: maxTokens });
  progress.update({ phase: 'waiting-for-model', requests: 1 });
  const completion = await router.complete(choice, { ...request, maxTokens }, progress.signal);
  return { ok: true, completion, costMicros: completion.costMicros + (progress.attempt - 1) * worst };
}
