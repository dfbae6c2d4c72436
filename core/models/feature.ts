import type { CoreFeature } from '../features';
import * as localModelServers from './migrations/0110_local_model_servers';
import * as providerCircuits from './migrations/0160_provider_circuits';
import type { LocalModelServersTable, ProviderCircuitsTable } from './modelTables';

// The feature's tables, typed for kysely (core/db/tables.ts holds the event store's own).
declare module '../db/tables' {
  interface Tables {
    local_model_servers: LocalModelServersTable;
    provider_circuits: ProviderCircuitsTable;
  }
}

/** Model providers: what local model servers serve, and the circuits workers opened on failing providers (worker state, not events). */
export const feature: CoreFeature = {
  projections: [],
  migrations: { '0110_local_model_servers': localModelServers, '0160_provider_circuits': providerCircuits },
};
