import { usdToMicros } from '../money';
import { MAX_TEXT, modelField, object, TEXT_ALIASES, textField } from '../registry/fields';
import type { ToolDraft } from '../registry/types';
import { citation, documentSpec, isoDate, local, offset } from '../registry/analysisFields';
import { int, nullable, num, str, strings, unit } from '../registry/shapes';

/** Tools that answer from and take apart documents: questions, grounded answers with citations, schema-guided extraction, outlines, rubric scores. */
export const documentTools = [
  {
    ...local,
    name: 'qa',
    title: 'Document Q&A',
    path: '/qa',
    summary: 'Answer a question over a document, with confidence and the source quote',
    price: usdToMicros('0.01'),
    input: object(
      {
        question: { type: 'string', minLength: 1, maxLength: 2000 },
        text: { ...textField, description: 'The document to answer from.' },
        documents: {
          type: 'array',
          items: { type: 'string', minLength: 1, maxLength: MAX_TEXT },
          minItems: 1,
          maxItems: 50,
          description: 'More documents to answer from.',
        },
        model: modelField,
      },
      ['question'],
      { anyOf: [{ required: ['text'] }, { required: ['documents'] }] },
    ),
    output: object(
      {
        answer: nullable(str),
        confidence: { ...unit, description: 'Confidence in the answer, or when it is null, that the text holds none.' },
        source_quote: nullable(str),
        citations: { type: 'array', items: citation },
        answer_type: str,
      },
      ['answer', 'confidence', 'source_quote'],
    ),
    aliases: { ...TEXT_ALIASES, document: 'text', context: 'text', query: 'question' },
    prompt:
      'Answer the question from the text and documents only: the answer (null when they do not contain it), your confidence, and the verbatim sentence the answer comes from in `source_quote`.',
    example: { question: 'When did the Eagle land?', text: 'Apollo 11 launched on July 16, 1969. The lunar module Eagle landed on July 20, 1969.' },
  },
  {
    ...local,
    name: 'rag',
    title: 'Answer from documents',
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
    title: 'Extract structured data',
    path: '/extract',
    summary: 'Structured data from text or a web page (url) following a schema; fields not found are null',
    price: usdToMicros('0.01'),
    readsUrl: true,
    input: {
      ...object(
        {
          text: textField,
          url: { type: 'string', format: 'uri', maxLength: 2048, description: 'A public https page to read instead of `text` (HTML or plain text).' },
          schema: {
            anyOf: [{ type: 'object' }, { type: 'array', items: { anyOf: [str, { type: 'object' }] }, maxItems: 200 }],
            description: 'JSON Schema of the wanted object, a map of field to type ("email", "date", "money"), or a list of field names.',
          },
          reference_date: isoDate,
          model: modelField,
        },
        ['schema'],
      ),
      oneOf: [{ required: ['text'] }, { required: ['url'] }],
    },
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
    name: 'outline',
    title: 'Outline a text',
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
    title: 'Score against a rubric',
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
] as const satisfies readonly ToolDraft[];
