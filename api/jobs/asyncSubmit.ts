import type { InlineHandler } from '../inline/inlineHandler';
import { startJob } from './startJob';
import { runnableTool, validToolInput } from '../validation/toolInput';

/** POST /async/submit: {tool, params, callback_url} → a pending job. */
export const asyncSubmit: InlineHandler = (input, ctx) => {
  const entry = runnableTool(input.tool as string, ctx.docs);
  const params = validToolInput(entry, input.params as Record<string, unknown>, ctx.docs);
  return startJob({ variant: 'submit', entry, input: params, callbackUrl: input.callback_url as string | undefined }, ctx);
};
