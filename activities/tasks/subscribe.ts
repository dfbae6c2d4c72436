import { invalidInput, upstreamUnreachable } from '../../core/calls/callFailures';
import { checkDestination, UnresolvedDestination } from '../../core/net/checkDestination';
import { UnsafeUrl } from '../../core/net/safeFetch';
import { subscribeBoardTasks } from '../../core/tasks/subscribeBoardTasks';
import type { TaskFilter } from '../../schema/events';
import type { taskTools } from '../../schema/tasks/taskTools';
import type { ToolInput } from '../../schema/registry/toolInput';
import { microsOf, stateTool } from '../tools/stateTool';

/** The callback URL is checked by the outgoing-URL rules now; every delivery goes through them again. */
export const subscribe = stateTool<ToolInput<typeof taskTools, 'task/subscribe'>>('task/subscribe', async (input, { owner, scope, context }) => {
  const { config } = context.deps;
  try {
    await checkDestination(input.callback_url, config.allowLocalHttp);
  } catch (error) {
    if (!(error instanceof UnsafeUrl)) throw error;
    // Our resolver failing is no fault of the caller's: said as any unreachable upstream is (503, retried).
    if (error instanceof UnresolvedDestination && error.failure.cause === 'resolver_failed')
      throw upstreamUnreachable('the DNS resolver', error.failure, { subject: `callback URL (${error.host})` });
    throw invalidInput(`callback URL refused: ${error.message}`, 'Subscribe an https URL on a public address.');
  }
  const given = input.filter;
  const filter: TaskFilter = {
    ...(given.tags?.length ? { tags: given.tags } : {}),
    ...(given.q ? { q: given.q } : {}),
    ...(given.min_reward_usd !== undefined ? { minRewardMicros: microsOf(given.min_reward_usd, 'filter.min_reward_usd') } : {}),
  };
  return subscribeBoardTasks(context.deps.store, scope, owner, { callbackUrl: input.callback_url, filter }, config.webhookSigningKey);
});
