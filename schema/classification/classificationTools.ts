import { usdToMicros } from '../money';
import { modelField, object, TEXT_ALIASES, textField } from '../registry/fields';
import type { ToolDraft } from '../registry/types';
import { categoryList, local, offset } from '../registry/analysisFields';
import { int, nullable, num, str, strings, textInput, unit } from '../registry/shapes';

/** Tools that sort, label and judge text: categories with confidence, tags, comparison, proofreading. */
export const classificationTools = [
  {
    ...local,
    name: 'classify',
    title: 'Classify text',
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
    title: 'Tag text',
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
    title: 'Compare two texts',
    path: '/compare',
    summary: 'Similarities, differences, a similarity score and a recommendation for two texts',
    price: usdToMicros('0.01'),
    input: object(
      {
        text_a: textInput('The first text.'),
        text_b: textInput('The second text.'),
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
    title: 'Proofread text',
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
] as const satisfies readonly ToolDraft[];
