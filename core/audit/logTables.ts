import type { Generated } from 'kysely';

/** The tamper-evident log's tables (migration 0230): the tree's leaves and complete interior nodes, and checkpoints. */
export interface LogLeavesTable {
  leaf_index: number;
  position: number;
  transaction_id: string;
  leaf_hash: Buffer;
}

export interface LogNodesTable {
  level: number;
  index: number;
  hash: Buffer;
}

export interface LogCheckpointsTable {
  id: Generated<number>;
  tree_size: number;
  root_hash: Buffer;
  issued_at: Date;
  key_id: string;
  signature: Buffer;
}
