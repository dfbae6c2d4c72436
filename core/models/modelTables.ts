import type { ColumnType } from 'kysely';
import type { FoundLocalModel } from '../../schema/models/localServers';

/** What one host's workers found on local model servers (core/models/migrations/0110_local_model_servers.ts). */
export interface LocalModelServersTable {
  host: string;
  models: ColumnType<FoundLocalModel[], string, string>;
  probed_at: ColumnType<Date, Date | undefined, Date>;
}

/** A circuit a worker opened on a failing model provider (core/models/migrations/0160_provider_circuits.ts). */
export interface ProviderCircuitsTable {
  worker: string;
  circuit: string;
  open_until: Date | null;
  failures: number;
  reason: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
