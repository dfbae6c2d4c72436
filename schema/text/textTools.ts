import { usdToMicros } from '../money';
import { modelField, object, TEXT_ALIASES, textField } from '../registry/fields';
import type { ToolDraft } from '../registry/types';

/** Text-AI tools. Each runs on the offline `local` provider with classic methods, or on a configured model. */
export const textTools = [
  {
    name: 'sentiment',
    title: 'Sentiment analysis',
    path: '/sentiment',
    method: 'POST',
    category: 'text-ai',
    summary: 'Polarity, score, emotions, confidence and key phrases of a text',
    price: usdToMicros('0.005'),
    premium: false,
    freeTier: true,
    execution: 'local-activity',
    model: 'local-capable',
    input: object({ text: textField, model: modelField }, ['text']),
    output: object(
      {
        polarity: { enum: ['positive', 'negative', 'neutral', 'mixed'] },
        score: { type: 'number', minimum: -1, maximum: 1, description: 'Compound polarity from -1 (most negative) to 1.' },
        confidence: { type: 'number', minimum: 0, maximum: 1 },
        emotions: { type: 'object', additionalProperties: { type: 'number', minimum: 0, maximum: 1 } },
        key_phrases: { type: 'array', items: { type: 'string' } },
        sentences: { type: 'array', items: object({ text: { type: 'string' }, score: { type: 'number' } }, ['text', 'score']) },
      },
      ['polarity', 'score', 'confidence', 'emotions', 'key_phrases'],
    ),
    aliases: TEXT_ALIASES,
    prompt:
      'Judge the sentiment of the text: overall polarity, a compound score from -1 to 1, your confidence, the emotions present (name → strength 0 to 1), and the key phrases that carry the sentiment; score each sentence in `sentences`.',
    example: { text: 'The support team was fantastic, but the delivery was painfully slow.' },
  },
  {
    name: 'keywords',
    title: 'Keyword extraction',
    path: '/keywords',
    method: 'POST',
    category: 'text-ai',
    summary: 'Keywords, topics and tags of a text',
    price: usdToMicros('0.005'),
    premium: false,
    freeTier: true,
    execution: 'local-activity',
    model: 'local-capable',
    input: object({ text: textField, max_keywords: { type: 'integer', minimum: 1, maximum: 50, default: 10 }, model: modelField }, ['text']),
    output: object(
      {
        keywords: { type: 'array', items: object({ keyword: { type: 'string' }, score: { type: 'number' } }, ['keyword', 'score']) },
        topics: { type: 'array', items: { type: 'string' } },
        tags: { type: 'array', items: { type: 'string' } },
      },
      ['keywords', 'topics', 'tags'],
    ),
    aliases: TEXT_ALIASES,
    prompt:
      'Extract up to max_keywords keywords of the text, most important first, each with a relevance score from 0 to 1; name its broader topics and a few short tags.',
    example: { text: 'Temporal workflows make payment retries durable; PostgreSQL keeps the ledger.' },
  },
  {
    name: 'summarize',
    title: 'Summarize text',
    path: '/summarize',
    method: 'POST',
    category: 'text-ai',
    summary: 'Key points of a text as bullets, a paragraph or a short form',
    price: usdToMicros('0.01'),
    premium: false,
    freeTier: true,
    execution: 'local-activity',
    model: 'local-capable',
    input: object(
      {
        text: textField,
        format: { enum: ['bullets', 'paragraph', 'short'], default: 'bullets' },
        max_sentences: { type: 'integer', minimum: 1, maximum: 20 },
        model: modelField,
      },
      ['text'],
    ),
    output: object(
      {
        summary: { type: 'string' },
        bullets: { type: 'array', items: { type: 'string' } },
        format: { enum: ['bullets', 'paragraph', 'short'] },
        sentences_in: { type: 'integer' },
        sentences_out: { type: 'integer' },
        compression: { type: 'number' },
      },
      ['summary', 'format'],
    ),
    aliases: TEXT_ALIASES,
    prompt:
      'Summarise the text in the format asked: bullets (each bullet one key point), paragraph, or short (one sentence); at most max_sentences sentences when given. Put the summary text in `summary` and, for bullets, the points in `bullets` too.',
    example: { text: 'Long article text …', format: 'bullets' },
  },
] as const satisfies readonly ToolDraft[];
