import { usdToMicros } from '../money';
import { modelField, object, TEXT_ALIASES, textField } from '../registry/fields';
import type { ToolDraft } from '../registry/types';
import { isoDate, local, offset } from '../registry/analysisFields';
import { int, nullable, str, strings, textInput } from '../registry/shapes';

/** Tools that turn text into structure: timelines, action items, mock records, regular expressions, JSON Schemas, diagrams. */
export const structureTools = [
  {
    ...local,
    name: 'timeline',
    title: 'Timeline from text',
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
    title: 'Action items',
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
    name: 'mock',
    title: 'Mock data',
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
    title: 'Regex from examples',
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
        text: textInput('What to match, in words; quoted strings in it count as examples ("… like \\"INV-0042\\", not \\"INV-42\\"").'),
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
    title: 'JSON Schema from examples',
    path: '/json-schema',
    summary: 'JSON Schema (draft-07) from example values or described fields',
    price: usdToMicros('0.005'),
    input: object(
      {
        examples: { type: 'array', minItems: 1, maxItems: 100, description: 'Example JSON values the schema must accept.' },
        example: { description: 'One example JSON value.' },
        description: textInput('Described fields: "name: string, age: integer, email".'),
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
    title: 'Mermaid diagram',
    path: '/diagram',
    summary: 'Mermaid diagram markup (flowchart or sequence) from steps or a description',
    price: usdToMicros('0.005'),
    input: object(
      {
        text: textInput('A numbered or bulleted list of steps, or prose describing a process or an exchange of messages.'),
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
] as const satisfies readonly ToolDraft[];
