import { usdToMicros } from '../money';
import { MAX_TEXT, modelField, object, TEXT_ALIASES, textField } from './fields';
import type { JsonSchema, ToolEntry } from './types';

/**
 * Analysis tools of the text-AI family. Each runs on the offline `local` provider with a classic method
 * (activities/tools/local/) or on a configured model; the schemas are the same either way.
 */
const local = { method: 'POST', category: 'text-ai', premium: false, freeTier: true, execution: 'local-activity', model: 'local-capable' } as const;

const str: JsonSchema = { type: 'string' };
const num: JsonSchema = { type: 'number' };
const int: JsonSchema = { type: 'integer' };
const strings: JsonSchema = { type: 'array', items: str };
const unit: JsonSchema = { type: 'number', minimum: 0, maximum: 1 };
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
const offset: JsonSchema = { type: 'integer', minimum: 0, description: 'Character offset into the input text.' };
const isoDate: JsonSchema = {
  type: 'string',
  format: 'date',
  description: 'ISO date that relative dates ("next Friday") are read against; defaults to today.',
};
const shortText = (description: string): JsonSchema => ({ type: 'string', minLength: 1, maxLength: MAX_TEXT, description });

/** A category or tag: a bare name, or a name with a description and keywords that help recognise it. */
const categorySpec: JsonSchema = {
  anyOf: [
    { type: 'string', minLength: 1, maxLength: 200 },
    object({
      name: { type: 'string', minLength: 1, maxLength: 200 },
      label: { type: 'string', minLength: 1, maxLength: 200 },
      description: { type: 'string', maxLength: 2000 },
      keywords: { type: 'array', items: str, maxItems: 50 },
    }),
  ],
};
const categoryList = (description: string, minItems: number): JsonSchema => ({ type: 'array', items: categorySpec, minItems, maxItems: 100, description });

const documentSpec: JsonSchema = {
  anyOf: [
    { type: 'string', minLength: 1, maxLength: MAX_TEXT },
    object({ id: str, title: str, text: { type: 'string', maxLength: MAX_TEXT }, content: { type: 'string', maxLength: MAX_TEXT } }),
  ],
};

const citation: JsonSchema = object({ document: int, start: offset, end: offset, quote: str }, ['document', 'start', 'end', 'quote']);

export const analysisTools = [
  {
    ...local,
    name: 'classify',
    path: '/classify',
    summary: 'Classify a text into caller-defined categories, with a score for each',
    price: usdToMicros('0.01'),
    input: object(
      {
        text: textField,
        categories: categoryList('The categories to choose from: names, or {name, description, keywords}.', 1),
        multi_label: { type: 'boolean', default: false, description: 'Also list every category that clears the threshold.' },
        threshold: unit,
        model: modelField,
      },
      ['text', 'categories'],
    ),
    output: object(
      {
        category: nullable(str),
        confidence: unit,
        scores: { type: 'array', items: object({ category: str, score: unit, evidence: strings }, ['category', 'score']) },
        labels: strings,
      },
      ['category', 'confidence', 'scores'],
    ),
    aliases: { ...TEXT_ALIASES, labels: 'categories', classes: 'categories' },
    prompt:
      'Classify the text into the given categories: score every category from 0 to 1 with short evidence quoted from the text, name the best one (null if none fits) and its confidence; with multi_label, list in `labels` every category scoring at least threshold (0.5 when not given).',
    example: { text: 'I was charged twice this month and need a refund.', categories: ['billing', 'shipping', 'technical support'] },
  },
  {
    ...local,
    name: 'tag',
    path: '/tag',
    summary: 'Tag a text from a taxonomy, or with free-form tags when none is given',
    price: usdToMicros('0.005'),
    input: object(
      {
        text: textField,
        taxonomy: categoryList('Allowed tags; without it, tags are free-form.', 1),
        max_tags: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
        model: modelField,
      },
      ['text'],
    ),
    output: object(
      {
        tags: { type: 'array', items: object({ tag: str, confidence: unit, evidence: strings }, ['tag', 'confidence']) },
        mode: { enum: ['taxonomy', 'free-form'] },
      },
      ['tags', 'mode'],
    ),
    aliases: { ...TEXT_ALIASES, tags: 'taxonomy', categories: 'taxonomy' },
    prompt:
      'Tag the text: with a taxonomy, choose only from it; without one, invent short lowercase tags. At most max_tags, each with a confidence from 0 to 1 and evidence quoted from the text; `mode` says which it was.',
    example: { text: 'Shares fell after the quarterly earnings report.', taxonomy: ['finance', 'sports', 'politics'] },
  },
  {
    ...local,
    name: 'compare',
    path: '/compare',
    summary: 'Similarities, differences, a similarity score and a recommendation for two texts',
    price: usdToMicros('0.01'),
    input: object(
      {
        text_a: shortText('The first text.'),
        text_b: shortText('The second text.'),
        criteria: {
          anyOf: [
            { type: 'string', maxLength: 2000 },
            { type: 'array', items: str, maxItems: 20 },
          ],
          description: 'What the comparison is for ("price, battery life").',
        },
        model: modelField,
      },
      ['text_a', 'text_b'],
    ),
    output: object(
      {
        similarity_score: unit,
        similarities: { type: 'array', items: object({ text_a: str, text_b: str, similarity: unit }, ['text_a', 'text_b']) },
        differences: { type: 'array', items: object({ source: { enum: ['text_a', 'text_b'] }, text: str }, ['source', 'text']) },
        shared_terms: strings,
        unique_terms: object({ text_a: strings, text_b: strings }),
        criteria_coverage: { type: 'array', items: object({ criterion: str, text_a: num, text_b: num }, ['criterion']) },
        recommendation: str,
      },
      ['similarity_score', 'similarities', 'differences', 'recommendation'],
    ),
    aliases: { text: 'text_a', content: 'text_a', text1: 'text_a', a: 'text_a', text2: 'text_b', b: 'text_b', other: 'text_b' },
    prompt:
      'Compare text_a and text_b: a similarity score from 0 to 1, matching points (a phrase from each side), differences (which side says what), and a recommendation that weighs them against the criteria when given.',
    example: {
      text_a: 'The Pixel has a great camera; the battery lasts a day.',
      text_b: 'The iPhone has a great camera; its battery lasts a day and it charges over USB-C.',
      criteria: 'battery, USB-C',
    },
  },
  {
    ...local,
    name: 'proofread',
    path: '/proofread',
    summary: 'Corrections, issues with positions and suggested fixes, and a writing score',
    price: usdToMicros('0.005'),
    input: object({ text: textField, model: modelField }, ['text']),
    output: object(
      {
        corrected_text: str,
        corrections: {
          type: 'array',
          items: object({ start: offset, end: offset, original: str, replacement: str, rule: str }, ['start', 'end', 'original', 'replacement']),
        },
        issues: {
          type: 'array',
          items: object(
            {
              type: { enum: ['spelling', 'grammar', 'punctuation', 'capitalization', 'style'] },
              severity: { enum: ['error', 'warning', 'style', 'info'] },
              rule: str,
              message: str,
              start: offset,
              end: offset,
              original: str,
              suggestions: strings,
            },
            ['type', 'message', 'start', 'end'],
          ),
        },
        writing_score: { type: 'integer', minimum: 0, maximum: 100 },
        scores: object({ correctness: int, style: int, readability: int }),
        stats: object({ words: int, sentences: int, flesch_reading_ease: num }),
      },
      ['corrected_text', 'corrections', 'issues', 'writing_score'],
    ),
    aliases: TEXT_ALIASES,
    prompt:
      'Proofread the text: the corrected text, each correction with its character offsets in the original, every issue found (spelling, grammar, punctuation, capitalization or style) with its offsets and suggestions, and a writing score from 0 to 100.',
    example: { text: 'this is a example of of bad writting.' },
  },
  {
    ...local,
    name: 'qa',
    path: '/qa',
    summary: 'Answer a question over a document, with confidence and the source quote',
    price: usdToMicros('0.01'),
    input: object(
      {
        question: { type: 'string', minLength: 1, maxLength: 2000 },
        text: { ...textField, description: 'The document to answer from.' },
        documents: { type: 'array', items: { type: 'string', minLength: 1, maxLength: MAX_TEXT }, maxItems: 50, description: 'More documents to answer from.' },
        model: modelField,
      },
      ['question'],
      { anyOf: [{ required: ['text'] }, { required: ['documents'] }] },
    ),
    output: object({ answer: nullable(str), confidence: unit, source_quote: nullable(str), citations: { type: 'array', items: citation }, answer_type: str }, [
      'answer',
      'confidence',
      'source_quote',
    ]),
    aliases: { ...TEXT_ALIASES, document: 'text', context: 'text', query: 'question' },
    prompt:
      'Answer the question from the text and documents only: the answer (null when they do not contain it), your confidence, and the verbatim sentence the answer comes from in `source_quote`.',
    example: { question: 'When did the Eagle land?', text: 'Apollo 11 launched on July 16, 1969. The lunar module Eagle landed on July 20, 1969.' },
  },
  {
    ...local,
    name: 'rag',
    path: '/rag',
    summary: 'Answer only from the supplied documents, with citations; says so when they hold no answer',
    price: usdToMicros('0.01'),
    input: object(
      {
        question: { type: 'string', minLength: 1, maxLength: 2000 },
        documents: { type: 'array', items: documentSpec, minItems: 1, maxItems: 50 },
        text: { ...textField, description: 'A single document, as an alternative to `documents`.' },
        max_citations: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
        model: modelField,
      },
      ['question'],
      { anyOf: [{ required: ['documents'] }, { required: ['text'] }] },
    ),
    output: object(
      {
        answer: str,
        supported: { type: 'boolean', description: 'False when no supplied passage supports an answer.' },
        confidence: { ...unit, description: 'Confidence in the answer, or when unsupported, that the documents hold none.' },
        citations: {
          type: 'array',
          items: object({ marker: int, document: int, id: str, title: str, start: offset, end: offset, quote: str }, [
            'marker',
            'document',
            'start',
            'end',
            'quote',
          ]),
        },
      },
      ['answer', 'supported', 'confidence', 'citations'],
    ),
    aliases: { content: 'text', document: 'text', query: 'question', docs: 'documents', sources: 'documents' },
    prompt:
      'Answer the question using only the supplied documents, citing each supporting passage with a [n] marker in the answer and in `citations` (document index from 0, character offsets and the verbatim quote). When the documents do not answer it, say so, set supported to false and cite nothing.',
    example: {
      question: 'Who built the Saturn V?',
      documents: ['The Saturn V rocket stood 111 metres tall. It was built by Boeing, North American Aviation and Douglas.'],
    },
  },
  {
    ...local,
    name: 'extract',
    path: '/extract',
    summary: 'Structured data from text following a schema; fields not found are null',
    price: usdToMicros('0.01'),
    input: object(
      {
        text: textField,
        schema: {
          anyOf: [{ type: 'object' }, { type: 'array', items: { anyOf: [str, { type: 'object' }] }, maxItems: 200 }],
          description: 'JSON Schema of the wanted object, a map of field to type ("email", "date", "money"), or a list of field names.',
        },
        reference_date: isoDate,
        model: modelField,
      },
      ['text', 'schema'],
    ),
    output: object({ data: { type: 'object' }, found: strings, missing: strings, evidence: { type: 'object' } }, ['data', 'found', 'missing']),
    aliases: { ...TEXT_ALIASES, fields: 'schema' },
    prompt:
      'Extract the fields the schema asks for from the text into `data`, using null for fields the text does not give; list the field names found and missing, and the words each value came from in `evidence`.',
    example: {
      text: 'Customer: Jane Doe (jane@example.com). Total due: $1,249.50 by April 2, 2024.',
      schema: { customer: 'string', email: 'email', total: 'money', due_date: 'date' },
    },
  },
  {
    ...local,
    name: 'timeline',
    path: '/timeline',
    summary: 'Dated events from a text in chronological order',
    price: usdToMicros('0.005'),
    input: object({ text: textField, reference_date: isoDate, model: modelField }, ['text']),
    output: object(
      {
        events: {
          type: 'array',
          items: object({ date: str, end_date: str, precision: { enum: ['day', 'month', 'year'] }, date_text: str, event: str, start: offset, end: offset }, [
            'date',
            'event',
          ]),
        },
        range: nullable(object({ from: str, to: str }, ['from', 'to'])),
        reference_date: str,
      },
      ['events'],
    ),
    aliases: TEXT_ALIASES,
    prompt:
      'List the dated events of the text in chronological order: ISO date (YYYY, YYYY-MM or YYYY-MM-DD as precise as the text allows, relative dates read against reference_date), precision, the date as written, and the event.',
    example: { text: 'Apollo 11 launched on July 16, 1969. Eagle landed on July 20, 1969. The shuttle first flew in 1981.' },
  },
  {
    ...local,
    name: 'action',
    path: '/action',
    summary: 'Action items with owners, due dates and the clause each comes from',
    price: usdToMicros('0.01'),
    input: object({ text: textField, reference_date: isoDate, model: modelField }, ['text']),
    output: object(
      {
        action_items: {
          type: 'array',
          items: object(
            {
              action: str,
              owner: nullable(str),
              due_date: nullable(str),
              due_text: nullable(str),
              priority: { enum: ['high', 'medium', 'low'] },
              kind: { enum: ['commitment', 'imperative', 'request', 'marked'] },
              source: str,
              start: offset,
              end: offset,
            },
            ['action', 'owner', 'due_date'],
          ),
        },
        owners: strings,
        reference_date: str,
      },
      ['action_items'],
    ),
    aliases: TEXT_ALIASES,
    prompt:
      'List the action items in the text: what is to be done, the owner (null when none is named), the due date as an ISO date (relative dates read against reference_date; null when none) with the words it came from, a priority, and the clause the item comes from.',
    example: { text: 'Alice will send the budget to finance by Friday, and Bob should review the contract.', reference_date: '2024-03-04' },
  },
  {
    ...local,
    name: 'outline',
    path: '/outline',
    summary: 'Hierarchical outline of a text, with key points under each heading',
    price: usdToMicros('0.005'),
    input: object(
      {
        text: textField,
        max_depth: { type: 'integer', minimum: 1, maximum: 6, default: 3 },
        max_points: { type: 'integer', minimum: 0, maximum: 10, default: 3 },
        model: modelField,
      },
      ['text'],
    ),
    output: object(
      {
        title: str,
        outline: {
          type: 'array',
          // Nodes nest: children have this same shape.
          items: object({ heading: str, level: int, points: strings, children: { type: 'array', items: { type: 'object' } } }, [
            'heading',
            'level',
            'points',
            'children',
          ]),
        },
        markdown: str,
        structure: { enum: ['headings', 'paragraphs', 'topic-shifts'] },
      },
      ['title', 'outline'],
    ),
    aliases: TEXT_ALIASES,
    prompt:
      'Outline the text as nested headings (at most max_depth levels), each with up to max_points key points; give the outline a title and also render it as markdown.',
    example: { text: '# Launch plan\n\n## Preparation\nFinance needs the price list.\n\n## Rollout\n- Enable for 5% of accounts\n- Expand to everyone' },
  },
  {
    ...local,
    name: 'score',
    path: '/score',
    summary: 'Score content on a rubric, per criterion with evidence',
    price: usdToMicros('0.01'),
    input: object(
      {
        text: textField,
        rubric: {
          type: 'array',
          minItems: 1,
          maxItems: 20,
          items: {
            anyOf: [
              { type: 'string', minLength: 1, maxLength: 200 },
              object({
                name: str,
                criterion: str,
                description: { type: 'string', maxLength: 2000 },
                weight: { type: 'number', minimum: 0, maximum: 100 },
                keywords: strings,
              }),
            ],
          },
          description: 'Criteria: names, or {name, description, weight, keywords}. Defaults to clarity, structure, correctness, detail.',
        },
        target_words: { type: 'integer', minimum: 1, maximum: 100000, description: 'Expected length, for a length or detail criterion.' },
        model: modelField,
      },
      ['text'],
    ),
    output: object(
      {
        overall: { type: 'integer', minimum: 0, maximum: 100 },
        scores: {
          type: 'array',
          items: object({ criterion: str, score: { type: 'number', minimum: 0, maximum: 10 }, weight: num, feature: str, evidence: strings }, [
            'criterion',
            'score',
          ]),
        },
        features: { type: 'object' },
      },
      ['overall', 'scores'],
    ),
    aliases: { ...TEXT_ALIASES, criteria: 'rubric' },
    prompt:
      'Score the text on each rubric criterion (default: clarity, structure, correctness, detail) from 0 to 10 with quoted evidence, and an overall score from 0 to 100 weighting criteria by their weight.',
    example: { text: 'I love this phone. The battery lasts two days.', rubric: [{ name: 'positivity' }, 'clarity', { name: 'battery life', weight: 2 }] },
  },
  {
    ...local,
    name: 'mock',
    path: '/mock',
    summary: 'Mock data records following a schema, repeatable with a seed',
    price: usdToMicros('0.005'),
    input: object(
      {
        schema: {
          anyOf: [{ type: 'object' }, { type: 'string', minLength: 1, maxLength: 5000 }, { type: 'array', items: str, maxItems: 200 }],
          description: 'JSON Schema of one record, a map of field to type, or described fields ("name: string, age: integer, email").',
        },
        count: { type: 'integer', minimum: 1, maximum: 100, default: 5 },
        seed: { type: 'integer', minimum: 0, maximum: 2147483647 },
        reference_date: { ...isoDate, description: 'Dates are generated around this day.' },
        model: modelField,
      },
      ['schema'],
    ),
    output: object({ records: { type: 'array' }, count: int, seed: int, schema: { type: 'object' } }, ['records', 'count', 'seed']),
    aliases: { text: 'schema', description: 'schema', fields: 'schema' },
    prompt:
      'Generate `count` realistic, varied mock records that satisfy the schema (a JSON Schema, a field → type map, or described fields); return the records, their count, the seed used (any integer when none was given) and the record schema as JSON Schema.',
    example: {
      schema: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' }, age: { type: 'integer', minimum: 18 } } },
      count: 3,
      seed: 42,
    },
  },
  {
    ...local,
    name: 'regex',
    path: '/regex',
    summary: 'A regular expression from examples and non-examples, verified against both',
    price: usdToMicros('0.005'),
    input: object(
      {
        examples: {
          type: 'array',
          items: { type: 'string', maxLength: 1000 },
          minItems: 1,
          maxItems: 200,
          description: 'Strings the pattern must match in full.',
        },
        non_examples: { type: 'array', items: { type: 'string', maxLength: 1000 }, maxItems: 200, description: 'Strings it must not match.' },
        text: shortText('What to match, in words; quoted strings in it count as examples ("… like \\"INV-0042\\", not \\"INV-42\\"").'),
        model: modelField,
      },
      [],
      { anyOf: [{ required: ['examples'] }, { required: ['text'] }] },
    ),
    output: object(
      {
        pattern: str,
        flags: str,
        verified: { type: 'boolean' },
        matches: { type: 'array', items: object({ text: str, matched: { type: 'boolean' } }, ['text', 'matched']) },
        non_matches: { type: 'array', items: object({ text: str, matched: { type: 'boolean' } }, ['text', 'matched']) },
        explanation: str,
      },
      ['pattern', 'flags', 'matches', 'non_matches'],
    ),
    aliases: {
      content: 'text',
      description: 'text',
      positive: 'examples',
      positives: 'examples',
      negative: 'non_examples',
      negatives: 'non_examples',
      negative_examples: 'non_examples',
      counter_examples: 'non_examples',
    },
    prompt:
      'Write a regular expression (JavaScript syntax) that matches every example in full and none of the non-examples (or what the text describes), with its flags and a short explanation.',
    example: { examples: ['INV-0042', 'INV-1337'], non_examples: ['INV-42', 'ABC-1234'] },
  },
  {
    ...local,
    name: 'json-schema',
    path: '/json-schema',
    summary: 'JSON Schema (draft-07) from example values or described fields',
    price: usdToMicros('0.005'),
    input: object(
      {
        examples: { type: 'array', minItems: 1, maxItems: 100, description: 'Example JSON values the schema must accept.' },
        example: { description: 'One example JSON value.' },
        description: shortText('Described fields: "name: string, age: integer, email".'),
        title: { type: 'string', maxLength: 200 },
        model: modelField,
      },
      [],
      { anyOf: [{ required: ['examples'] }, { required: ['example'] }, { required: ['description'] }] },
    ),
    output: object({ schema: { type: 'object' }, source: { enum: ['examples', 'description'] }, fields: strings }, ['schema']),
    aliases: { text: 'description', content: 'description', fields: 'description' },
    prompt:
      'Write a JSON Schema (draft-07) for the examples or the described fields: types, required fields and formats where they are clear; list the top-level field names in `fields`.',
    example: { description: 'name: string, age: integer, email, tags (list of strings, optional)' },
  },
  {
    ...local,
    name: 'diagram',
    path: '/diagram',
    summary: 'Mermaid diagram markup (flowchart or sequence) from steps or a description',
    price: usdToMicros('0.005'),
    input: object(
      {
        text: shortText('A numbered or bulleted list of steps, or prose describing a process or an exchange of messages.'),
        steps: {
          type: 'array',
          minItems: 1,
          maxItems: 200,
          items: {
            anyOf: [
              { type: 'string', minLength: 1, maxLength: 1000 },
              object({ id: str, label: str, text: str, next: { anyOf: [str, strings] }, from: str, to: str, message: str }),
            ],
          },
        },
        type: { enum: ['flowchart', 'sequence', 'auto'], default: 'auto' },
        direction: { enum: ['TD', 'LR'], default: 'TD' },
        model: modelField,
      },
      [],
      { anyOf: [{ required: ['text'] }, { required: ['steps'] }] },
    ),
    output: object({ diagram: str, format: { enum: ['mermaid'] }, type: { enum: ['flowchart', 'sequence'] }, nodes: int, edges: int }, [
      'diagram',
      'format',
      'type',
    ]),
    aliases: { content: 'text', description: 'text' },
    prompt:
      'Draw the process or exchange as a Mermaid diagram: a flowchart (direction as given) for steps and decisions, a sequence diagram for messages between parties; give the markup in `diagram` and say which type it is.',
    example: { text: '1. Receive the order\n2. If the item is in stock, ship it; otherwise, notify the customer\n3. Send the invoice' },
  },
] as const satisfies readonly ToolEntry[];
