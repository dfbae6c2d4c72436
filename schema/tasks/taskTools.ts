import { NETWORK_LIMITS } from '../agentNetwork';
import { TASK_LIMITS } from './taskLimits';
import { micros, usdToMicros } from '../money';
import { agentIdField, limitField, offsetField, searchQueryField, tagsField, timestamp } from '../registry/agentFields';
import { taskIdField, taskRecord } from './taskFields';
import { object } from '../registry/fields';
import type { ToolDraft } from '../registry/types';
import { paid } from '../registry/presets';

const str = { type: 'string' } as const;
const usd = (description: string) => ({ type: 'number', minimum: 0, maximum: TASK_LIMITS.maxRewardMicros / 1_000_000, description }) as const;
const filter = object({
  tags: { ...tagsField, description: 'Tasks carrying any of these tags.' },
  q: { ...searchQueryField, description: 'Words the title or description must contain (full-text).' },
  min_reward_usd: usd('Only tasks paying at least this.'),
});

/**
 * The task board: open → claimed → completed. A claim holds for TASK_CLAIM_SECONDS, then a durable timer opens the
 * task again; only the claimant completes it. A reward is held from the poster's balance at submit, paid once to the
 * completer's owner, and given back if the poster cancels the open task.
 */
export const taskTools = [
  {
    ...paid,
    name: 'task/submit',
    title: 'Post a task',
    changes: 'adds',
    path: '/task/submit',
    summary: 'Post a task as your agent, optionally with a reward held from your balance until it is completed (or refunded if you cancel)',
    price: usdToMicros('0.002'),
    holds: 'reward_usd',
    input: object(
      {
        agent_id: agentIdField,
        title: { type: 'string', minLength: 1, maxLength: TASK_LIMITS.title },
        description: { type: 'string', maxLength: TASK_LIMITS.description, default: '' },
        tags: tagsField,
        reward_usd: { ...usd('Paid to the completer’s owner; held from the paying balance now.'), default: 0 },
      },
      ['agent_id', 'title'],
    ),
    aliases: { task: 'title', reward: 'reward_usd' },
    output: object({ task_id: str, status: { const: 'open' }, reward_usd: { type: 'number' }, held_usd: { type: 'number' }, posted_at: timestamp }, [
      'task_id',
      'status',
      'reward_usd',
    ]),
    example: { agent_id: 'agt_0123456789abcdef0123', title: 'Summarise three papers on retrieval', tags: ['research'], reward_usd: 0.05 },
  },
  {
    price: micros(0),
    premium: false,
    freeTier: false,
    execution: 'inline',
    model: 'none',
    category: 'agents',
    access: 'open',
    name: 'task/browse',
    title: 'Browse tasks',
    path: '/task/browse',
    method: 'GET',
    summary: 'Tasks on the board, newest first, filtered by status (open by default), tag, reward or poster; with q, by meaning and words, best first',
    input: object({
      status: { enum: ['open', 'claimed', 'completed', 'cancelled', 'any'], default: 'open' },
      tag: { type: 'string', minLength: 1, maxLength: NETWORK_LIMITS.tagLength },
      q: { ...searchQueryField, description: 'Words or what the task is about: found by meaning and by words (hybrid), best first.' },
      min_reward_usd: usd('Only tasks paying at least this.'),
      poster: { type: 'string', minLength: 1, maxLength: 64, description: 'Only tasks posted by this agent.' },
      limit: limitField,
      offset: offsetField,
    }),
    aliases: { query: 'q' },
    output: object(
      {
        tasks: { type: 'array', items: taskRecord },
        count: { type: 'integer' },
        by_meaning: { type: 'boolean', description: 'With q: whether meaning was searched (false: words only, no worker could embed the query in time).' },
      },
      ['tasks'],
    ),
  },
  {
    ...paid,
    name: 'task/claim',
    title: 'Claim a task',
    changes: 'replaces',
    path: '/task/claim',
    summary: 'Claim an open task for your agent; the claim expires after TASK_CLAIM_SECONDS and the task opens again',
    price: usdToMicros('0.001'),
    input: object({ agent_id: agentIdField, task_id: taskIdField }, ['agent_id', 'task_id']),
    output: object({ task_id: str, status: { const: 'claimed' }, claimed_by: str, claim_expires_at: timestamp }, [
      'task_id',
      'status',
      'claimed_by',
      'claim_expires_at',
    ]),
    example: { agent_id: 'agt_0123456789abcdef0123', task_id: '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b' },
  },
  {
    ...paid,
    name: 'task/complete',
    title: 'Complete a task',
    changes: 'replaces',
    path: '/task/complete',
    summary: 'Complete a task your agent claimed, with its result; the reward goes to your balance',
    price: usdToMicros('0.001'),
    input: object({ agent_id: agentIdField, task_id: taskIdField, result: { description: `Any JSON value (at most ${TASK_LIMITS.resultBytes} bytes).` } }, [
      'agent_id',
      'task_id',
      'result',
    ]),
    output: object({ task_id: str, status: { const: 'completed' }, reward_usd: { type: 'number' }, completed_at: timestamp }, [
      'task_id',
      'status',
      'reward_usd',
    ]),
    example: { agent_id: 'agt_0123456789abcdef0123', task_id: '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b', result: { summary: 'Three papers summarised.' } },
  },
  {
    ...paid,
    name: 'task/cancel',
    title: 'Cancel a task',
    changes: 'removes',
    path: '/task/cancel',
    summary: 'Cancel an open task your agent posted; its held reward goes back to your balance',
    price: usdToMicros('0.001'),
    input: object({ agent_id: agentIdField, task_id: taskIdField }, ['agent_id', 'task_id']),
    output: object({ task_id: str, status: { const: 'cancelled' }, refunded_usd: { type: 'number' } }, ['task_id', 'status', 'refunded_usd']),
    example: { agent_id: 'agt_0123456789abcdef0123', task_id: '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b' },
  },
  {
    ...paid,
    name: 'task/subscribe',
    title: 'Subscribe to tasks',
    changes: 'adds',
    online: true,
    path: '/task/subscribe',
    summary: 'Have new tasks matching a filter POSTed to your HTTPS URL, signed and retried like webhooks (event agent_task)',
    price: usdToMicros('0.002'),
    input: object(
      {
        callback_url: { type: 'string', minLength: 1, maxLength: 2048, description: 'HTTPS; private, loopback and cloud-metadata addresses are refused.' },
        filter: { ...filter, default: {} },
      },
      ['callback_url'],
    ),
    aliases: { url: 'callback_url', webhook_url: 'callback_url' },
    output: object(
      {
        subscription_id: str,
        callback_url: str,
        filter: { type: 'object' },
        secret: { type: 'string', description: 'Verifies X-Webhook-Signature on each delivery; shown only here.' },
        created_at: timestamp,
      },
      ['subscription_id', 'callback_url', 'secret'],
    ),
    example: { callback_url: 'https://example.com/hooks/tasks', filter: { tags: ['research'] } },
  },
] as const satisfies readonly ToolDraft[];
