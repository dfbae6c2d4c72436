import { micros } from '../money';
import { MAX_TEXT, modelField, object } from '../registry/fields';
import type { JsonSchema, ToolDraft } from '../registry/types';

const inline = { price: micros(0), premium: false, freeTier: false, execution: 'inline', model: 'none', category: 'agents', access: 'key' } as const;
const anyObject = { type: 'object' } as const satisfies JsonSchema;
const callbackUrl = {
  type: 'string',
  minLength: 1,
  maxLength: 2048,
  description: 'HTTPS URL POSTed {job_id, status, created_at, completed_at, result | error} when the job ends; signed like webhooks with callback_secret.',
} as const satisfies JsonSchema;

const accepted = object(
  {
    job_id: { type: 'string' },
    status: { enum: ['pending', 'queued'] },
    created_at: { type: 'string', format: 'date-time' },
    webhook_url: { type: ['string', 'null'] },
    callback_secret: { type: ['string', 'null'], description: 'Verifies X-Webhook-Signature on the callback; shown only here.' },
    tool: { type: 'string' },
    status_url: { type: 'string' },
  },
  ['job_id', 'status', 'created_at', 'webhook_url'],
);

/**
 * Async jobs: any tool run in the background as its own workflow, billed exactly as the tool, reported at
 * GET /async/status/{job_id} (owner only) and to a callback URL.
 */
export const jobTools = [
  {
    ...inline,
    name: 'async/submit',
    title: 'Run a tool in the background',
    errorStatuses: [402],
    path: '/async/submit',
    method: 'POST',
    runsToolNamedBy: 'tool',
    summary: 'Run any tool in the background; answers at once with a job id (status pending)',
    input: object(
      {
        tool: { type: 'string', minLength: 1, maxLength: 100, description: 'The tool to run: its name or path, e.g. "sentiment" or "/summarize".' },
        params: { ...anyObject, default: {}, description: "The tool's input, as its own endpoint takes it." },
        callback_url: callbackUrl,
      },
      ['tool'],
    ),
    aliases: { endpoint: 'tool', action: 'tool', input: 'params', webhook_url: 'callback_url' },
    output: accepted,
    example: { tool: 'sentiment', params: { text: 'Durable jobs are great.' }, callback_url: 'https://example.com/hooks/jobs' },
  },
  {
    ...inline,
    name: 'async/text-generate',
    title: 'Generate text in the background',
    errorStatuses: [402],
    path: '/async/text-generate',
    method: 'POST',
    summary: 'Generate text from a prompt in the background (the /write tool); answers at once with a job id (status queued)',
    input: object(
      {
        prompt: { type: 'string', minLength: 1, maxLength: MAX_TEXT },
        webhook_url: callbackUrl,
        model: modelField,
        max_tokens: { type: 'integer', minimum: 1, maximum: 32_000, description: 'Length of the text: /write is asked for about ¾ of it in words.' },
      },
      ['prompt'],
    ),
    aliases: { callback_url: 'webhook_url' },
    output: accepted,
    example: { prompt: 'A haiku about retries', webhook_url: 'https://example.com/hooks/jobs', max_tokens: 200 },
  },
  {
    ...inline,
    name: 'async/status',
    title: 'Background job status',
    path: '/async/status/:job_id',
    method: 'GET',
    summary: 'State of one of your jobs: pending, running, completed (with result) or failed (with error)',
    input: object({}),
    output: object(
      {
        job_id: { type: 'string' },
        status: { enum: ['pending', 'running', 'completed', 'failed'] },
        tool: { type: 'string' },
        created_at: { type: 'string', format: 'date-time' },
        started_at: { type: ['string', 'null'] },
        completed_at: { type: ['string', 'null'] },
        webhook_url: { type: ['string', 'null'] },
        result: anyObject,
        model: { type: 'string' },
        error: { type: 'string' },
        cost_usd: { type: 'number' },
      },
      ['job_id', 'status', 'created_at'],
    ),
  },
] as const satisfies readonly ToolDraft[];
