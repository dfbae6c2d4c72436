import type { jobTools } from '../../schema/jobs/jobTools';
import type { HandlerFor } from '../inline/inlineHandler';
import { startJob } from './startJob';
import { runnableTool, validToolInput } from '../validation/runnableTool';

/** POST /async/submit: {tool, params, callback_url} → a pending job. */
export const asyncSubmit: HandlerFor<typeof jobTools, 'async/submit'> = (input, ctx) => {
  const entry = runnableTool(input.tool, ctx.docs);
  const params = validToolInput(entry, input.params, ctx.docs);
  return startJob({ variant: 'submit', entry, input: params, callbackUrl: input.callback_url }, ctx);
};
