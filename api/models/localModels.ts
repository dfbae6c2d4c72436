import type { Logger } from 'pino';
import type { Kysely } from 'kysely';
import type { Tables } from '../../core/db/tables';
import { pricedLocalModels, readLocalModels } from '../../core/models/localModelServers';
import type { Config } from '../../schema/config';
import type { Clock } from '../../core/clock/clock';
import type { LocalServerModel } from '../../schema/models';

/**
 * The API's view of the models the workers found on local servers (it never probes: the workers, which call the
 * servers, do, and record what they found). The call path reads it without waiting; listings wait for a fresh read.
 */
export interface LocalModels {
  /** As last read; a read older than a moment starts another in the background. */
  current(): readonly LocalServerModel[];
  /** Read again first when the last read is older than a moment. */
  fresh(): Promise<readonly LocalServerModel[]>;
}

const NONE: readonly LocalServerModel[] = [];
/** The probe is off: nothing, and always the same nothing, so the resolver made for it is kept. */
export const NO_LOCAL_MODELS: LocalModels = { current: () => NONE, fresh: async () => NONE };

/** How long a read serves: a probe's finds show within this, and a busy API reads the table at most this often. */
const FRESH_FOR_MS = 2000;

export function localModelsOf(db: Kysely<Tables>, config: Config, log: Logger, clock: Clock): LocalModels {
  if (!config.localModelProbe) return NO_LOCAL_MODELS;
  let models = NONE;
  let readAt = -Infinity;
  let reading: Promise<readonly LocalServerModel[]> | undefined;
  // Never rejects: a failed read keeps what was known and is tried again a moment later.
  const read = () =>
    (reading ??= readLocalModels(db)
      .then(
        (found) => {
          const priced = pricedLocalModels(found, config);
          // The same array while nothing changed, so what is derived from it (the model resolver) is kept.
          if (JSON.stringify(priced) !== JSON.stringify(models)) models = priced;
        },
        (error: unknown) => log.warn({ err: error }, 'reading the local model servers failed'),
      )
      .then(() => {
        readAt = clock.now().getTime();
        reading = undefined;
        return models;
      }));
  const stale = () => clock.now().getTime() - readAt > FRESH_FOR_MS;
  return {
    current() {
      if (stale()) void read();
      return models;
    },
    fresh: () => (stale() ? read() : Promise.resolve(models)),
  };
}
