import { usdToMicros } from '../money';
import { modelField, object, textField } from '../registry/fields';
import { count, int, list, setting, str, strings, textInput } from '../registry/shapes';
import type { ToolDraft } from '../registry/types';

/** Writing tools: each needs a generative model (no offline method writes new prose), answers JSON, and is checked against `output`. */
const generative = { method: 'POST', category: 'text-ai', premium: false, freeTier: true, execution: 'activity', model: 'generative' } as const;

const PLATFORMS = ['x', 'twitter', 'linkedin', 'facebook', 'instagram', 'threads', 'mastodon', 'bluesky', 'tiktok', 'reddit'] as const;

/** What /write and /stream/write take. */
export const writeInput = object(
  {
    prompt: textInput('What to write.', 20_000),
    type: setting('Kind of content: article, blog post, product description, ad copy, story …'),
    tone: setting('Tone of voice, e.g. friendly, formal, playful.'),
    audience: setting('Who will read it.'),
    target_words: { type: 'integer', minimum: 20, maximum: 2000, description: 'Approximate length in words.' },
    format: { enum: ['markdown', 'plain'], default: 'markdown' },
    model: modelField,
  },
  ['prompt'],
);

export const writeAliases = { text: 'prompt', topic: 'prompt', content: 'prompt', words: 'target_words', length: 'target_words' } as const;

export const writingTools = [
  {
    ...generative,
    name: 'write',
    title: 'Write content',
    path: '/write',
    summary: 'Articles, copy and other content from a prompt',
    price: usdToMicros('0.02'),
    maxOutputTokens: 3000,
    input: writeInput,
    output: object(
      {
        title: str,
        content: { ...str, description: 'The written text, in the requested format.' },
        word_count: int,
        format: { enum: ['markdown', 'plain'] },
      },
      ['title', 'content'],
    ),
    aliases: writeAliases,
    prompt:
      'Write the requested content for the audience and tone given, close to target_words when it is set. Put a fitting title in `title` and the text itself in `content` (markdown unless format is plain).',
    example: { prompt: 'A short blog post on why durable workflows matter for payments', tone: 'friendly', target_words: 200 },
  },
  {
    ...generative,
    name: 'social',
    title: 'Social media posts',
    path: '/social',
    summary: 'Platform-optimised social media posts',
    price: usdToMicros('0.01'),
    maxOutputTokens: 1500,
    input: object(
      {
        text: textInput('What the posts are about, or content to turn into posts.', 20_000),
        platforms: { type: 'array', items: { enum: PLATFORMS }, minItems: 1, maxItems: 6, uniqueItems: true, default: ['x', 'linkedin'] },
        platform: { enum: PLATFORMS, description: 'A single platform (instead of `platforms`).' },
        tone: setting('Tone of voice.'),
        hashtags: { type: 'boolean', default: true },
        call_to_action: setting('What readers should do, e.g. "sign up for the beta".', 500),
        model: modelField,
      },
      ['text'],
    ),
    output: object(
      {
        posts: {
          type: 'array',
          items: object({ platform: str, text: str, hashtags: strings, character_count: int }, ['platform', 'text']),
        },
      },
      ['posts'],
    ),
    aliases: { content: 'text', topic: 'text', prompt: 'text' },
    prompt:
      "Write one post per platform (use `platform` when set instead of `platforms`), each within that platform's length limit and conventions (x/twitter: at most 280 characters). List the hashtags used in `hashtags` (an empty list when hashtags is false).",
    example: { text: 'We launched streaming answers for every AI endpoint', platforms: ['x', 'linkedin'] },
  },
  {
    ...generative,
    name: 'email',
    title: 'Write an email',
    path: '/email',
    summary: 'An email: subject and body',
    price: usdToMicros('0.01'),
    maxOutputTokens: 1500,
    input: object(
      {
        purpose: textInput('What the email must achieve.', 20_000),
        recipient: setting('Who receives it (name, role).'),
        sender: setting('Who signs it.'),
        tone: setting('Tone, e.g. formal, warm, apologetic.'),
        key_points: list('Points the email must make.'),
        length: { enum: ['short', 'medium', 'long'], default: 'medium' },
        model: modelField,
      },
      ['purpose'],
    ),
    output: object({ subject: str, body: str, preview_text: str }, ['subject', 'body']),
    aliases: { text: 'purpose', content: 'purpose', prompt: 'purpose', topic: 'purpose', to: 'recipient', from: 'sender', points: 'key_points' },
    prompt:
      'Write the email: a clear `subject` and a complete `body` with greeting and sign-off (signed by sender when given), making every key point. `preview_text` is the one-line inbox preview.',
    example: { purpose: 'Tell a customer their refund was processed', recipient: 'Jane', tone: 'warm', length: 'short' },
  },
  {
    ...generative,
    name: 'headline',
    title: 'Headlines',
    path: '/headline',
    summary: 'Headlines and titles for a text',
    price: usdToMicros('0.005'),
    maxOutputTokens: 800,
    input: object(
      {
        text: textField,
        count: count('How many headlines.', 20, 5),
        style: setting('Style: news, SEO, social, academic, playful …'),
        max_length: { type: 'integer', minimum: 10, maximum: 300, description: 'Longest headline, in characters.' },
        model: modelField,
      },
      ['text'],
    ),
    output: object(
      {
        headlines: { type: 'array', items: object({ headline: str, angle: str }, ['headline']) },
        best: { ...str, description: 'The strongest of the headlines.' },
      },
      ['headlines', 'best'],
    ),
    aliases: { content: 'text', topic: 'text', n: 'count' },
    prompt:
      'Write `count` distinct headlines for the text in the requested style, each within max_length characters when given, with the angle each takes. Name the strongest in `best`.',
    example: { text: 'Our API now streams tokens as they are generated and bills each call exactly once.', count: 3, style: 'news' },
  },
  {
    ...generative,
    name: 'rewrite',
    title: 'Rewrite text',
    path: '/rewrite',
    summary: 'Rewrite a text for an audience, reading level or voice',
    price: usdToMicros('0.01'),
    maxOutputTokens: 3000,
    input: object(
      {
        text: textField,
        audience: setting('Who it is for.'),
        level: setting('Reading level: simple, general, expert, or a grade.'),
        voice: setting('Voice or tone, e.g. active, friendly, formal.'),
        goal: setting('What the rewrite should achieve.', 1000),
        model: modelField,
      },
      ['text'],
    ),
    output: object({ rewritten: str, changes: strings, reading_level: str }, ['rewritten', 'changes']),
    aliases: { content: 'text', tone: 'voice', reading_level: 'level' },
    prompt: 'Rewrite the text for the audience, level and voice given, keeping its meaning and facts. List the kinds of changes made in `changes`.',
    example: { text: 'The aforementioned remuneration shall be disbursed subsequent to the fulfilment of contractual obligations.', level: 'simple' },
  },
  {
    ...generative,
    name: 'transform',
    title: 'Transform text',
    path: '/transform',
    summary: 'Apply an instruction to a text',
    price: usdToMicros('0.01'),
    maxOutputTokens: 3000,
    input: object({ text: textField, instruction: textInput('What to do with the text.', 2000), model: modelField }, ['text', 'instruction']),
    output: object({ result: str, changes: strings }, ['result']),
    aliases: { content: 'text', instructions: 'instruction', prompt: 'instruction', task: 'instruction' },
    prompt: 'Apply the instruction to the text and put the transformed text in `result`; summarise what changed in `changes`.',
    example: { text: 'meeting moved to 3pm, bring the q3 numbers', instruction: 'Turn this into a polite, complete sentence.' },
  },
  {
    ...generative,
    name: 'translate',
    title: 'Translate text',
    path: '/translate',
    summary: 'Translate a text into a language',
    price: usdToMicros('0.01'),
    maxOutputTokens: 4000,
    input: object(
      {
        text: textField,
        target: setting('Language to translate into: a name ("French") or a code ("fr").', 50),
        source: setting('Language of the text; detected when not given.', 50),
        formality: { enum: ['default', 'formal', 'informal'], default: 'default' },
        model: modelField,
      },
      ['text', 'target'],
    ),
    output: object({ translation: str, source_language: str, target_language: str, notes: strings }, ['translation', 'source_language', 'target_language']),
    aliases: { content: 'text', language: 'target', target_language: 'target', to: 'target', source_language: 'source', from: 'source' },
    prompt:
      'Translate the text into the target language, keeping meaning, tone and formatting. Name the source language detected (or given) and the target language in English. Add notes only for choices a reader should know about.',
    example: { text: 'The invoice is due on Friday.', target: 'German' },
  },
  {
    ...generative,
    name: 'pitch',
    title: 'Write a pitch',
    path: '/pitch',
    summary: 'A pitch: hook, value proposition, call to action and script',
    price: usdToMicros('0.01'),
    maxOutputTokens: 1500,
    input: object(
      {
        product: textInput('The product, idea or offer.', 20_000),
        audience: setting('Who is being pitched (investors, customers …).'),
        duration_seconds: { type: 'integer', minimum: 10, maximum: 600, default: 60, description: 'Spoken length of the script.' },
        tone: setting('Tone of voice.'),
        model: modelField,
      },
      ['product'],
    ),
    output: object(
      {
        hook: str,
        value_proposition: str,
        call_to_action: str,
        script: { ...str, description: 'The spoken pitch, about duration_seconds long.' },
        one_liner: str,
      },
      ['hook', 'value_proposition', 'call_to_action', 'script'],
    ),
    aliases: { text: 'product', content: 'product', idea: 'product', description: 'product' },
    prompt:
      'Write a pitch for the audience: an opening hook, the value proposition, a call to action, and the full spoken script (about 150 words a minute of duration_seconds).',
    example: { product: 'An API that bills AI tool calls per use in USDC', audience: 'developers', duration_seconds: 30 },
  },
  {
    ...generative,
    name: 'explain',
    title: 'Explain a concept',
    path: '/explain',
    summary: 'Explain a concept: explanation, analogy, key points and misconceptions',
    price: usdToMicros('0.01'),
    maxOutputTokens: 1500,
    input: object(
      {
        concept: textInput('The concept or question to explain.', 5000),
        level: { enum: ['child', 'beginner', 'intermediate', 'expert'], default: 'beginner' },
        context: setting('Where the reader met it, or what they already know.', 2000),
        model: modelField,
      },
      ['concept'],
    ),
    output: object({ concept: str, explanation: str, analogy: str, key_points: strings, misconceptions: strings, example: str }, [
      'concept',
      'explanation',
      'analogy',
      'key_points',
      'misconceptions',
    ]),
    aliases: { text: 'concept', content: 'concept', topic: 'concept', question: 'concept' },
    prompt:
      'Explain the concept at the requested level: a plain explanation, one analogy, the key points, and common misconceptions (each stated, then corrected).',
    example: { concept: 'Idempotency keys', level: 'beginner' },
  },
  {
    ...generative,
    name: 'questions',
    title: 'Questions from text',
    path: '/questions',
    summary: 'Questions and answers from a text',
    price: usdToMicros('0.01'),
    maxOutputTokens: 2000,
    input: object(
      {
        text: textField,
        count: count('How many questions.', 30, 5),
        type: { enum: ['mixed', 'open', 'multiple-choice', 'true-false'], default: 'mixed' },
        difficulty: { enum: ['mixed', 'easy', 'medium', 'hard'], default: 'mixed' },
        model: modelField,
      },
      ['text'],
    ),
    output: object(
      {
        questions: {
          type: 'array',
          items: object(
            {
              question: str,
              answer: str,
              type: { enum: ['open', 'multiple-choice', 'true-false'] },
              options: strings,
              difficulty: { enum: ['easy', 'medium', 'hard'] },
            },
            ['question', 'answer', 'type'],
          ),
        },
      },
      ['questions'],
    ),
    aliases: { content: 'text', n: 'count', num_questions: 'count' },
    prompt:
      'Write `count` questions answerable from the text alone, with their answers. Multiple-choice questions list their options, the answer being one of them.',
    example: { text: 'Apollo 11 launched on July 16, 1969. The lunar module Eagle landed on July 20.', count: 2 },
  },
] as const satisfies readonly ToolDraft[];
