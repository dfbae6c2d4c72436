import { usdToMicros } from '../money';
import { object } from '../registry/fields';
import { analyzeAliases, analyzeInput, researchAliases, researchInput } from '../reasoning/reasoningTools';
import { int, str } from '../registry/shapes';
import type { ToolDraft } from '../registry/types';
import { writeAliases, writeInput } from '../writing/writingTools';

/**
 * /research, /write and /analyze as server-sent events: the model writes markdown prose, each piece sent as it
 * arrives, and the `done` event carries the whole text with `_meta`. Same input, price and premium flag as the plain endpoint.
 */
const streamed = {
  method: 'POST',
  category: 'text-ai',
  premium: false,
  freeTier: true,
  execution: 'activity',
  model: 'generative',
  streaming: 'always',
  // The streamed twin of a tool agents already have.
  agents: 'when-named',
} as const;

const prose = object({ text: { ...str, description: 'The whole streamed text (markdown).' }, format: { const: 'markdown' }, word_count: int }, [
  'text',
  'format',
  'word_count',
]);

export const streamTools = [
  {
    ...streamed,
    name: 'stream/research',
    title: 'Research, streamed',
    path: '/stream/research',
    summary: 'Research a topic, streamed as server-sent events: a markdown report with numbered citations',
    price: usdToMicros('0.05'),
    premium: true,
    freeTier: false,
    need: 'reasoning',
    maxOutputTokens: 3000,
    input: researchInput,
    output: prose,
    aliases: researchAliases,
    prompt:
      'Write a research report on the topic in markdown: a short summary, the key findings, sections for depth "standard" or "deep", and a "Sources" list. Cite with [n] markers. When sources are supplied, rely on them first and cite them by position; otherwise cite only well-known public works you are sure exist, never inventing a URL or a quote.',
    example: { topic: 'How event sourcing keeps ledgers auditable', depth: 'quick' },
  },
  {
    ...streamed,
    name: 'stream/write',
    title: 'Write, streamed',
    path: '/stream/write',
    summary: 'Write content from a prompt, streamed as server-sent events',
    price: usdToMicros('0.02'),
    maxOutputTokens: 3000,
    input: writeInput,
    output: prose,
    aliases: writeAliases,
    prompt:
      'Write the requested content for the audience and tone given, close to target_words when it is set, starting with a title as a markdown heading. Answer with the content only, in markdown unless format is plain.',
    example: { prompt: 'A short blog post on why durable workflows matter for payments', target_words: 200 },
  },
  {
    ...streamed,
    name: 'stream/analyze',
    title: 'Analyze, streamed',
    path: '/stream/analyze',
    summary: 'Structured insights on a text or JSON data, streamed as server-sent events (offline too, with `model: "local"` or no provider)',
    // /analyze's classic methods write the report when no model provider serves it.
    model: 'local-capable',
    price: usdToMicros('0.01'),
    maxOutputTokens: 2000,
    input: analyzeInput,
    output: prose,
    aliases: analyzeAliases,
    prompt:
      'Analyse the text and/or data with the focus given, in markdown with the sections Summary, Key points, Sentiment, Topics and Insights (each insight with its evidence).',
    example: { text: 'Sales rose 12% in March while support tickets doubled; customers praise the new app but complain about slow refunds.' },
  },
] as const satisfies readonly ToolDraft[];
