/** Temporal connections: one description of where Temporal is and how to reach it, and the check every start makes. */
export { LOCAL_TEMPORAL_ADDRESS, plaintextTarget, type TemporalConnectionOptions, type TemporalTarget, temporalTarget } from './temporalTarget';
export { checkTemporal, connectTemporal } from './connectTemporal';
export { TemporalSettingError } from './temporalSettingError';
