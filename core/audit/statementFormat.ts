/**
 * An account's verifiable statement (GET /audit/statement, docs/audit.md "Statements"): its money events up to the
 * period's end, each with its leaf index and inclusion proof against one signed checkpoint, and the balances the
 * service says they add up to. Everything a verifier needs is in it but the public key, which it should pin.
 */
export const STATEMENT_FORMAT = 'toolgate-statement/v1';

export interface StatementBalance {
  readonly available_micros: number;
  readonly reserved_micros: number;
  readonly credited_micros: number;
  readonly spent_micros: number;
}

export interface StatementEvent {
  readonly position: number;
  readonly stream: string;
  readonly version: number;
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly metadata: Record<string, unknown>;
  /** UTC with microseconds, as the leaf hashes it. */
  readonly recorded_at: string;
  readonly in_period: boolean;
  readonly leaf_index: number;
  /** RFC 9162 inclusion proof (hex SHA-256 hashes) of the event's leaf in the checkpoint's tree. */
  readonly inclusion_proof: readonly string[];
}

export interface Statement {
  readonly format: typeof STATEMENT_FORMAT;
  readonly account_id: string;
  readonly stream: string;
  readonly period: { readonly from: string | null; readonly to: string };
  readonly checkpoint: {
    readonly id: number;
    readonly tree_size: number;
    readonly root_hash: string;
    readonly issued_at: string;
    readonly key_id: string;
    readonly signature: string;
  };
  readonly log_key: { readonly algorithm: 'Ed25519'; readonly key_id: string; readonly public_key: string; readonly public_key_pem: string };
  readonly events: readonly StatementEvent[];
  /** Before the period's first event, and after its last: recomputed by the verifier from the events. */
  readonly opening_balance: StatementBalance;
  readonly closing_balance: StatementBalance;
}
