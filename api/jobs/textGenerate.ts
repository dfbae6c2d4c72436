import { byName } from '../../schema/registry';
import { ServiceUnavailable } from '../errors/httpErrors';
import type { InlineHandler } from '../inline/inlineHandler';
import { startJob } from './startJob';
import { type RunnableEntry, validToolInput } from './toolInput';

/** The tool text-generate runs: /write takes a prompt and answers the text. */
const GENERATOR = 'write';

/** POST /async/text-generate: {prompt, webhook_url, model, max_tokens} → a queued job whose result is {text, tokens_used, model}. */
export const textGenerate: InlineHandler = (input, ctx) => {
  const entry = byName.get(GENERATOR);
  if (!entry || entry.execution === 'inline')
    throw new ServiceUnavailable(`text generation needs the /${GENERATOR} tool, which this server does not offer`, 3600, 'unavailable');
  // Only the fields the generator takes: max_tokens, say, is honoured where its schema has it.
  const known = new Set(Object.keys((entry.input.properties ?? {}) as object));
  const params = Object.fromEntries(
    Object.entries({ prompt: input.prompt, model: input.model, max_tokens: input.max_tokens }).filter(([k, v]) => v !== undefined && known.has(k)),
  );
  const tool = entry as RunnableEntry;
  return startJob(
    { variant: 'text-generate', entry: tool, input: validToolInput(tool, params, ctx.docs), callbackUrl: input.webhook_url as string | undefined },
    ctx,
  );
};
