import type { JobVariant } from '../../schema/jobs/jobRequests';
import type { TokenUsage } from '../../schema/events';

/** The `result` a job reports: {text, tokens_used, model} for text-generate (spec §2), the tool's own output otherwise. */
export function jobResult(variant: JobVariant, output: Record<string, unknown>, model: string, tokens: TokenUsage): Record<string, unknown> {
  if (variant !== 'text-generate') return output;
  return { text: generatedText(output), tokens_used: tokens.input + tokens.output, model };
}

// Generative tools name their text differently (text, content, result …); the first string among them is it.
const TEXT_FIELDS = ['text', 'content', 'result', 'output', 'answer', 'response'];

function generatedText(output: Record<string, unknown>): string {
  for (const field of TEXT_FIELDS) if (typeof output[field] === 'string') return output[field];
  return JSON.stringify(output);
}
