import type { Config } from '../../schema/config';
import type { MeteringRates } from '../../schema/metering';

export function meteringRates(config: Config): MeteringRates {
  return {
    markupPercent: config.meteredMarkupPercent,
    minimumMicros: config.meteredMinimumUsd,
    localInputPerMillion: config.localMeteredInputUsd,
    localOutputPerMillion: config.localMeteredOutputUsd,
  };
}
