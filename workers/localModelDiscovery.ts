import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Tables } from '../core/db/tables';
import { pricedLocalModels, recordLocalModels } from '../core/models/localModelServers';
import { localServerAddresses, probeLocalServers } from '../core/models/probeLocalServers';
import type { Config } from '../schema/config';
import type { LocalServerModel } from '../schema/models';
import { servableLocalModels } from '../core/models/servableLocalModels';

export interface LocalModelDiscovery {
  /** What the last probe found, priced; none before the first probe ends (and with the probe off). */
  models(): readonly LocalServerModel[];
  stop(): void;
}

type Log = (fields: Record<string, unknown>, line: string) => void;

const NONE: readonly LocalServerModel[] = [];

/**
 * LOCAL_MODEL_PROBE: looks for local OpenAI-compatible servers (Ollama, LM Studio, llama.cpp's server, vLLM) at
 * LOCAL_MODEL_SERVERS beside the worker's start, never holding it up, and again every LOCAL_MODEL_PROBE_EVERY_SECONDS.
 * The worker's router serves what it finds; the finds are recorded under this host's name, which is how the API
 * (which never probes, and may run elsewhere) lists them and accepts their ids. Off: nothing is probed or recorded.
 */
export function startLocalModelDiscovery(options: { config: Config; db: Kysely<Tables>; log: Log; host?: string }): LocalModelDiscovery {
  const { config, db, log } = options;
  if (!config.localModelProbe) return { models: () => NONE, stop: () => undefined };
  const addresses = localServerAddresses(config.localModelServers);
  const host = options.host ?? hostname();
  // Replaced only when a probe finds something else, so the router keeps the resolver it made for it.
  let models = NONE;
  let probing = false;

  const probe = async () => {
    if (probing) return;
    probing = true;
    try {
      const found = servableLocalModels(await probeLocalServers(addresses, config.localModelProbeTimeoutMs));
      const priced = pricedLocalModels(found, config);
      if (JSON.stringify(priced) !== JSON.stringify(models)) {
        log({ models: found.map((m) => `${m.id} at ${m.baseUrl}`) }, found.length ? 'local model servers found' : 'no local model server answers');
        models = priced;
      }
      await recordLocalModels(db, host, found);
    } catch (error) {
      log({ err: error }, 'probing the local model servers failed');
    } finally {
      probing = false;
    }
  };
  void probe();
  const timer = config.localModelProbeEverySeconds > 0 ? setInterval(() => void probe(), config.localModelProbeEverySeconds * 1000) : undefined;
  timer?.unref();
  return { models: () => models, stop: () => clearInterval(timer) };
}
