import { ApplicationFailure } from '@temporalio/common';
import { readOpenCircuits } from '../../core/availability/providerCircuits';
import { autoCandidates } from '../../core/models/autoCandidates';
import { configuredProviders, modelResolverFor } from '../../core/models/configuredProviders';
import type { NotConfiguredDetails } from '../../schema/calls';
import { SETTINGS } from '../../schema/config';
import { registry } from '../../schema/registry';
import type { ToolEntry } from '../../schema/registry/types';
import type { AppDeps } from '../deps';
import { missingSettingProblem } from '../calls/requiredSettings';

/** Why this deployment cannot serve a tool now: a setting it lacks, or the model providers it would use are failing. */
export interface Unavailable {
  readonly reason: 'not_configured' | 'provider_failing';
  readonly message: string;
  /** The variables the operator sets (not_configured): each of them for a tool's own service, one of them for a model provider. */
  readonly settings?: readonly string[];
  /** The configured providers failing (provider_failing). */
  readonly providers?: readonly string[];
}

/** A configured model provider, failing while some worker's circuit on it is open. */
export interface ProviderState {
  readonly name: string;
  readonly state: 'ok' | 'failing';
  readonly failing_until?: string;
  readonly reason?: string;
}

export interface Availability {
  readonly providers: readonly ProviderState[];
  /** The tools that cannot run here now, by path; every other tool can. */
  readonly unavailable: ReadonlyMap<string, Unavailable>;
}

/**
 * What this deployment can serve, as a call would find it: a tool whose `requires` setting is unset answers 503
 * not_configured, a generative tool needs a configured provider (or a model a local server serves), and `auto`
 * skips a provider whose circuit a worker holds open (provider_circuits). Read for /status, /discover, /openapi.json, the
 * MCP tool list and the A2A card, so they all say the same.
 */
export async function toolAvailability(deps: Pick<AppDeps, 'config' | 'store' | 'localModels' | 'clock'>): Promise<Availability> {
  const { config } = deps;
  const open = new Map((await readOpenCircuits(deps.store.db, deps.clock.now())).map((circuit) => [circuit.circuit, circuit]));
  const configured = configuredProviders(config);
  const providers = configured.map((name): ProviderState => {
    const circuit = open.get(name);
    return circuit ? { name, state: 'failing', failing_until: circuit.until.toISOString(), reason: circuit.reason } : { name, state: 'ok' };
  });
  const localServers = deps.localModels.current();
  const servedLocally = localServers.some((model) => !open.has(`local-server ${model.baseUrl}`));
  const unavailable = new Map<string, Unavailable>();
  for (const entry of registry) {
    const why = unavailableTool(entry, deps, open, servedLocally);
    if (why) unavailable.set(entry.path, why);
  }
  return { providers, unavailable };
}

function unavailableTool(
  entry: ToolEntry,
  deps: Pick<AppDeps, 'config' | 'localModels'>,
  open: ReadonlyMap<string, unknown>,
  servedLocally: boolean,
): Unavailable | undefined {
  if (missingSettingProblem(entry, deps.config)) {
    // Each of them is needed (a model provider, below, is one of several).
    const settings = (entry.requires ?? []).filter((key) => !deps.config[key]).map((key) => SETTINGS[key].env);
    return { reason: 'not_configured', message: `${settings.join(' and ')} ${settings.length > 1 ? 'are' : 'is'} not set on this service`, settings };
  }
  if (entry.model !== 'generative') return undefined;
  const need = entry.need ?? 'fast';
  try {
    modelResolverFor(deps.config, deps.localModels.current()).resolve(undefined, { need, localCapable: false });
  } catch (error) {
    if (!(error instanceof ApplicationFailure)) throw error;
    const [details] = (error.details ?? []) as Partial<NotConfiguredDetails>[];
    return { reason: 'not_configured', message: error.message, settings: details?.settings ?? [] };
  }
  const configured = new Set(configuredProviders(deps.config));
  const { ready, coolingDown } = autoCandidates(
    need,
    (name) => configured.has(name),
    (name) => open.has(name),
  );
  if (ready.length === 0 && coolingDown.length > 0 && !servedLocally) {
    const failing = [...new Set(coolingDown.map((model) => model.provider))];
    return {
      reason: 'provider_failing',
      message: `${entry.path} cannot run now: ${failing.join(' and ')} ${failing.length > 1 ? 'are' : 'is'} failing here`,
      providers: failing,
    };
  }
  return undefined;
}

/** Why a tool cannot run here, as the one sentence a tool list puts first in its description (MCP's). */
export function unavailableNote(why: Unavailable): string {
  if (why.reason === 'provider_failing') {
    const failing = why.providers ?? [];
    return `Cannot run here now: ${failing.join(' and ')} ${failing.length > 1 ? 'are' : 'is'} failing.`;
  }
  return `Cannot run here: ${why.message.replace(/\.$/, '')}.`;
}
