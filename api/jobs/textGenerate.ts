import type { jobTools } from '../../schema/jobs/jobTools';
import type { HandlerFor } from '../inline/inlineHandler';
import { startJob } from './startJob';
import { runnableTool, validToolInput } from '../validation/runnableTool';

/** The tool text-generate runs: /write takes a prompt and answers the text. */
const generator = runnableTool('write', '');

/** /write is asked for a length in words, not tokens: about three quarters of a word a token, within its 20–2000. */
function lengthOf(maxTokens: number | undefined): { target_words?: number } {
  return maxTokens === undefined ? {} : { target_words: Math.min(2000, Math.max(20, Math.round(maxTokens * 0.75))) };
}

/** POST /async/text-generate: {prompt, webhook_url, model, max_tokens} → a queued job whose result is {text, tokens_used, model}. */
export const textGenerate: HandlerFor<typeof jobTools, 'async/text-generate'> = (input, ctx) => {
  const params = { prompt: input.prompt, ...(input.model ? { model: input.model } : {}), ...lengthOf(input.max_tokens) };
  const callbackUrl = input.webhook_url;
  return startJob({ variant: 'text-generate', entry: generator, input: validToolInput(generator, params, ctx.docs), callbackUrl }, ctx);
};
