import type { CoreFeature } from '../features';
import { ensureCheckpointSchedule } from './checkpointSchedule';
import type { LogCheckpointsTable, LogLeavesTable, LogNodesTable } from './logTables';

// The tamper-evident log's tables, typed for kysely (migration 0230; the events' hash columns are the event store's).
declare module '../db/tables' {
  interface Tables {
    log_leaves: LogLeavesTable;
    log_nodes: LogNodesTable;
    log_checkpoints: LogCheckpointsTable;
  }
}

/** The tamper-evident log: its tree, signed checkpoints, statements and the reconciliation (docs/audit.md). */
export const feature: CoreFeature = { projections: [], schedules: ensureCheckpointSchedule };
