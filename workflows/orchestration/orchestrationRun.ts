import type { TokenUsage } from '../../schema/events';

/** What an orchestrated call hands back to toolCall, the same shape a single tool's run has. */
export interface OrchestrationRun {
  readonly output: Record<string, unknown>;
  /** The model the ledger records (schema/orchestration/billedModel.ts). */
  readonly model: string;
  /** Every step's and every turn's tokens together. */
  readonly tokens: TokenUsage;
  readonly durationMs: number;
  /** Tools report extra `_meta` (ToolResult.meta); a plan of several steps reports none of its own. */
  readonly meta?: undefined;
}
