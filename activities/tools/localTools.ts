import type { ToolResult } from '../../schema/calls';
import { extractKeywords } from './local/keywords';
import { analyzeSentiment } from './local/sentiment';
import { summarize, type SummaryFormat } from './local/summarize';
import { usageOf } from './tokens';

export type LocalTool = (input: Record<string, unknown>) => ToolResult;

const served = (model: string, input: Record<string, unknown>, output: object): ToolResult => ({
  output: output as Record<string, unknown>,
  model,
  tokens: usageOf(input.text, output),
});

/** Tools the offline `local` provider serves with classic methods; the model id names the method. */
export const localTools: Readonly<Record<string, LocalTool>> = {
  sentiment: (input) => served('local/vader', input, analyzeSentiment(input.text as string)),
  keywords: (input) => served('local/rake', input, extractKeywords(input.text as string, (input.max_keywords as number | undefined) ?? 10)),
  summarize: (input) =>
    served('local/textrank', input, summarize(input.text as string, (input.format as SummaryFormat | undefined) ?? 'bullets', input.max_sentences as number | undefined)),
};
