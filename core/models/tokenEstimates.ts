import type { TokenUsage } from '../../schema/events';

/** About four characters a token for English: the estimate the offline provider reports, since it has no tokenizer of its own. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function usageOf(input: unknown, output: unknown): TokenUsage {
  return { input: estimateTokens(JSON.stringify(input)), output: estimateTokens(JSON.stringify(output)) };
}
