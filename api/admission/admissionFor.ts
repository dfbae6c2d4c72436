import { admissionGauges, serviceMetrics } from '../../core/metrics/serviceMetrics';
import type { Config } from '../../schema/config';
import { Admission, type AdmissionPool } from './admission';

/** This process's admission of paid calls from its settings (null when ADMISSION_INITIAL_LIMIT is 0), reported in /metrics. */
export function admissionFor(config: Config): Admission | null {
  if (config.admissionInitialLimit <= 0) return null;
  const admission = new Admission({
    initial: config.admissionInitialLimit,
    min: Math.min(config.admissionMinLimit, config.admissionInitialLimit),
    max: Math.max(config.admissionMaxLimit, config.admissionInitialLimit),
    retryAfterSeconds: config.admissionRetryAfterSeconds,
    // A call is answered within CALL_TIMEOUT_SECONDS (then 503 still_running): a place held longer was lost.
    slotLeaseMs: (config.callTimeoutSeconds + 30) * 1000,
    onRefused: (pool) => serviceMetrics.admissionRefused.inc({ pool }),
    ...(config.admissionShareSeconds > 0 ? { shareAmongCallersSeenMs: config.admissionShareSeconds * 1000 } : {}),
  });
  admissionGauges.collect = () => {
    const { pools } = admission.state();
    for (const pool of Object.keys(pools) as AdmissionPool[]) {
      serviceMetrics.admissionLimit.set({ pool }, pools[pool].limit);
      serviceMetrics.admissionInFlight.set({ pool }, pools[pool].inFlight);
      const baselineMs = pools[pool].baselineMs;
      if (baselineMs !== null) serviceMetrics.admissionBaseline.set({ pool }, baselineMs / 1000);
    }
  };
  return admission;
}
