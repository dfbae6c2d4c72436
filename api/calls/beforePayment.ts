import type { MarketplaceSale } from '../../schema/calls';
import type { WorkflowToolEntry } from '../../schema/registry';
import type { AppDeps, Caller } from '../deps';
import type { HttpError } from '../errors/httpErrors';
import { apiFeatures } from '../features';

/** A call about to be paid for, as a feature's check sees it: what was asked, by whom. */
export interface CallToCheck {
  readonly deps: AppDeps;
  readonly entry: WorkflowToolEntry;
  readonly input: Record<string, unknown>;
  readonly caller: Caller | undefined;
  /** The entry's documentation link, for the errors a check throws. */
  readonly docs: string;
}

/**
 * What a feature's check decided beyond "go on": a marketplace sale (the listing's price and the seller's share),
 * or what this deployment lacks for the call (503), said once the payer is settled rather than before.
 */
export interface CallTerms {
  readonly sale?: MarketplaceSale;
  readonly unavailable?: HttpError;
}

/**
 * A feature's check before a call is paid for (api/<feature>/feature.ts `beforePayment`): run for every call, whatever
 * its entry, so a feature may check calls of others' entries too (an orchestration's steps). The caller's mistakes
 * (an unknown listing, another owner's agent) are thrown as HTTP errors, before anything is held or an x402 payment
 * claimed; a check that has nothing to say about this call returns nothing, without waiting on anything.
 */
export type BeforePayment = (call: CallToCheck) => CallTerms | void | Promise<CallTerms | void>;

/**
 * Every feature's check, in the list's order (schema/features.ts), gathered on the first call: features' handlers
 * prepare calls themselves (/execute/{id}), so this module loads while the features are still loading.
 */
let checks: readonly BeforePayment[] | undefined;

/** Every feature's check run on one call, as one: their terms merged. */
export async function checkBeforePayment(call: CallToCheck): Promise<CallTerms> {
  checks ??= [...apiFeatures.values()].flatMap((feature) => (feature.beforePayment ? [feature.beforePayment] : []));
  let terms: CallTerms = {};
  for (const check of checks) {
    const decided = check(call);
    const more = decided instanceof Promise ? await decided : decided;
    if (more) terms = { ...terms, ...more, unavailable: terms.unavailable ?? more.unavailable };
  }
  return terms;
}
