import type { Config } from '../../schema/config';
import type { MeteringRates } from '../../schema/metering';
import type { LocalServerModel } from '../../schema/models';

/** The rates a metered call is priced and settled at; the local servers' models travel only when there are some. */
export function meteringRates(config: Config, localServers: readonly LocalServerModel[] = []): MeteringRates {
  return {
    markupPercent: config.meteredMarkupPercent,
    minimumMicros: config.meteredMinimumUsd,
    localInputPerMillion: config.localMeteredInputUsd,
    localOutputPerMillion: config.localMeteredOutputUsd,
    ...(localServers.length > 0
      ? { localServers: localServers.map(({ id, inputPerMillion, outputPerMillion }) => ({ id, inputPerMillion, outputPerMillion })) }
      : {}),
  };
}
