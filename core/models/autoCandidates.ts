import { AUTO_PREFERENCE, findModel, type ModelInfo, type ModelNeed, PROVIDER_NAMES, PROVIDERS, type ProviderName } from '../../schema/models';

export interface AutoCandidates {
  /** Models to try in order, at most one per provider, circuits that are open left out. */
  readonly ready: readonly ModelInfo[];
  /** Configured models that would serve but whose provider is cooling down. */
  readonly coolingDown: readonly ModelInfo[];
}

/**
 * `auto`'s choice for a need: the preference order of the catalogue, kept to configured providers. Only the
 * best model of each provider is kept, so trying the next candidate after a failure means trying another provider.
 */
export function autoCandidates(
  need: ModelNeed,
  isConfigured: (provider: ProviderName) => boolean,
  isCoolingDown: (provider: ProviderName) => boolean,
): AutoCandidates {
  const seen = new Set<ProviderName>();
  const ready: ModelInfo[] = [];
  const coolingDown: ModelInfo[] = [];
  for (const id of AUTO_PREFERENCE[need]) {
    const model = findModel(id);
    if (!model || seen.has(model.provider) || !isConfigured(model.provider)) continue;
    seen.add(model.provider);
    (isCoolingDown(model.provider) ? coolingDown : ready).push(model);
  }
  return { ready, coolingDown };
}

/** The variables that would let `auto` serve a need, for the hint of a 503. */
export function providerVariablesFor(need: ModelNeed): string[] {
  const serving = new Set(AUTO_PREFERENCE[need].map((id) => findModel(id)?.provider));
  return PROVIDER_NAMES.filter((name) => serving.has(name)).map((name) => PROVIDERS[name].apiKeyEnv);
}
