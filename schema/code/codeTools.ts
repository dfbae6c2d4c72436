import { usdToMicros } from '../money';
import { modelField, object } from '../registry/fields';
import { bool, int, setting, str, strings, textInput } from '../registry/shapes';
import type { JsonSchema, ToolDraft } from '../registry/types';

/** Tools for programmers. /changelog also has an offline method (conventional commits); /code/run runs no model at all. */
const generative = { method: 'POST', category: 'text-ai', premium: false, freeTier: true, execution: 'activity', model: 'generative' } as const;

const MAX_CODE = 50_000;
const code = (description: string) => textInput(description, MAX_CODE);
const language = (description: string) => setting(description, 40);

const commit = {
  anyOf: [
    { type: 'string', minLength: 1, maxLength: 5000 },
    object({ message: { type: 'string', minLength: 1, maxLength: 5000 }, hash: str, author: str, date: str }, ['message']),
  ],
} as const satisfies JsonSchema;

/** The most a caller may ask /code/run for; the worker's CODE_RUN_MAX_SECONDS may allow less. */
export const CODE_RUN_MAX_SECONDS = 30;

export const codeTools = [
  {
    ...generative,
    name: 'code',
    title: 'Code assistant',
    path: '/code',
    summary: 'Generate, explain, debug or review code',
    price: usdToMicros('0.02'),
    maxOutputTokens: 3000,
    input: object(
      {
        description: textInput('What the code must do, or the question about the given code.', 20_000),
        language: { ...language('Programming language.'), default: 'python' },
        mode: { enum: ['generate', 'explain', 'debug', 'review'], default: 'generate' },
        code: code('Existing code to explain, debug or review.'),
        error: textInput('The error message or wrong behaviour seen (debug).', 20_000),
        model: modelField,
      },
      [],
      { anyOf: [{ required: ['description'] }, { required: ['code'] }] },
    ),
    output: object(
      {
        code: { ...str, description: 'The generated or corrected code (the given code, unchanged, for explain).' },
        language: str,
        explanation: str,
        issues: { type: 'array', items: object({ line: int, problem: str, fix: str }, ['problem']) },
        dependencies: strings,
      },
      ['code', 'language', 'explanation'],
    ),
    aliases: { text: 'description', content: 'description', prompt: 'description', task: 'description', source: 'code', lang: 'language' },
    prompt:
      'Act on the mode. generate: write complete, runnable code in the language for the description. explain: explain the given code. debug: find why the code fails (using the error), list the issues and return the corrected code. review: list issues with fixes and return improved code. Keep the explanation short; list third-party packages the code needs in `dependencies`.',
    example: { description: 'A function that checks whether a string is a palindrome, ignoring case and spaces', language: 'python' },
  },
  {
    ...generative,
    name: 'sql',
    title: 'SQL from a question',
    path: '/sql',
    summary: 'SQL from a question in plain language, with an explanation',
    price: usdToMicros('0.01'),
    maxOutputTokens: 1500,
    input: object(
      {
        question: textInput('What the query must answer.', 5000),
        schema: {
          anyOf: [{ type: 'string', minLength: 1, maxLength: MAX_CODE }, { type: 'object' }],
          description: 'The tables: CREATE TABLE statements, or an object of table → columns.',
        },
        dialect: { enum: ['postgresql', 'mysql', 'sqlite', 'sqlserver', 'oracle', 'bigquery', 'snowflake'], default: 'postgresql' },
        model: modelField,
      },
      ['question'],
    ),
    output: object({ sql: str, explanation: str, dialect: str, tables_used: strings, warnings: strings }, ['sql', 'explanation', 'dialect']),
    aliases: { text: 'question', content: 'question', query: 'question', prompt: 'question', description: 'question', tables: 'schema' },
    prompt:
      'Write one SQL query in the dialect that answers the question, using only tables and columns of the schema when one is given. Explain it briefly. Warn about assumptions (a column guessed, ambiguous wording) in `warnings`.',
    example: {
      question: 'Top five customers by total spend in 2024',
      schema: 'CREATE TABLE orders (id int, customer_id int, total numeric, created_at timestamptz);',
    },
  },
  {
    ...generative,
    name: 'test-cases',
    title: 'Unit test cases',
    path: '/test-cases',
    summary: 'Unit test cases for code, with edge cases',
    price: usdToMicros('0.02'),
    maxOutputTokens: 3000,
    input: object(
      {
        code: code('The code to test.'),
        language: language('Its language; detected when not given.'),
        framework: setting('Test framework, e.g. pytest, jest, JUnit, go test.', 40),
        focus: setting('Behaviour to concentrate on.', 2000),
        model: modelField,
      },
      ['code'],
    ),
    output: object(
      {
        test_cases: {
          type: 'array',
          items: object({ name: str, description: str, input: {}, expected: {}, kind: { enum: ['normal', 'edge', 'error'] } }, ['name', 'description', 'kind']),
        },
        edge_cases: strings,
        test_code: str,
        framework: str,
      },
      ['test_cases', 'edge_cases', 'test_code', 'framework'],
    ),
    aliases: { text: 'code', content: 'code', source: 'code', lang: 'language' },
    prompt:
      'Design unit tests for the code: normal cases, edge cases (empty, boundary, unusual input) and error cases, each named with its input and expected result. Write them as runnable test code in the framework (the usual one for the language when not given).',
    example: { code: 'def divide(a, b):\n    return a / b', framework: 'pytest' },
  },
  {
    name: 'changelog',
    title: 'Changelog from commits',
    path: '/changelog',
    method: 'POST',
    category: 'text-ai',
    summary: 'A changelog from commit messages, grouped Keep-a-Changelog style',
    price: usdToMicros('0.02'),
    premium: false,
    freeTier: true,
    execution: 'local-activity',
    model: 'local-capable',
    maxOutputTokens: 2000,
    input: object(
      {
        commits: { type: 'array', items: commit, minItems: 1, maxItems: 500, description: 'Commit messages, or {message, hash, author}.' },
        text: textInput('Commit messages, one a line (as from `git log --oneline`).'),
        version: setting('Version being released.', 50),
        date: { type: 'string', format: 'date', description: 'Release date; defaults to today.' },
        model: modelField,
      },
      [],
      { anyOf: [{ required: ['commits'] }, { required: ['text'] }] },
    ),
    output: object(
      {
        version: str,
        date: str,
        sections: {
          type: 'array',
          items: object({ type: { enum: ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'] }, items: strings }, ['type', 'items']),
        },
        breaking_changes: strings,
        markdown: str,
        skipped: { ...int, description: 'Commits left out as housekeeping (chore, docs, ci, merges).' },
      },
      ['sections', 'breaking_changes', 'markdown'],
    ),
    aliases: { content: 'text', messages: 'commits', log: 'text' },
    prompt:
      'Turn the commits into a changelog entry in Keep a Changelog style: group them under Added, Changed, Deprecated, Removed, Fixed and Security (leave out empty groups and merge or chore noise), rewrite each as a short user-facing line, list breaking changes separately, and give the whole entry as markdown headed by the version and date.',
    example: { commits: ['feat: stream answers as server-sent events', 'fix(billing): refund cancelled streams', 'chore: bump deps'], version: '1.9.0' },
  },
  {
    ...generative,
    name: 'convert-code',
    title: 'Convert code',
    path: '/convert-code',
    summary: 'Convert code from one programming language to another',
    price: usdToMicros('0.03'),
    maxOutputTokens: 4000,
    input: object(
      {
        code: code('The code to convert.'),
        from: language('Its language; detected when not given.'),
        to: language('The language to convert to.'),
        model: modelField,
      },
      ['code', 'to'],
    ),
    output: object({ code: str, from: str, to: str, notes: strings }, ['code', 'from', 'to', 'notes']),
    aliases: {
      text: 'code',
      content: 'code',
      source: 'code',
      source_language: 'from',
      from_language: 'from',
      target: 'to',
      target_language: 'to',
      to_language: 'to',
      language: 'to',
    },
    prompt:
      'Convert the code to the target language idiomatically, keeping its behaviour. Name the source language (detected when not given). In `notes`, say where behaviour could differ (integer division, nulls, library equivalents).',
    example: { code: 'def add(a, b):\n    return a + b', from: 'python', to: 'typescript' },
  },
  {
    name: 'code/run',
    title: 'Run Python',
    path: '/code/run',
    method: 'POST',
    category: 'text-ai',
    summary: 'Run Python in a sandbox (no network, no files outside a scratch folder, CPU, memory and time limits): stdout, stderr, exit code',
    price: usdToMicros('0.02'),
    premium: false,
    freeTier: true,
    execution: 'activity',
    model: 'none',
    input: object(
      {
        code: code('Python 3 source to run.'),
        language: { enum: ['python'], default: 'python' },
        stdin: { type: 'string', maxLength: 100_000, description: 'Standard input of the program.' },
        timeout_seconds: { type: 'integer', minimum: 1, maximum: CODE_RUN_MAX_SECONDS, default: 5, description: 'Wall-clock limit.' },
      },
      ['code'],
    ),
    output: object(
      {
        stdout: str,
        stderr: str,
        exit_code: { ...int, description: 'The process exit status; 128 + signal when it was killed (137 after a time-out or the memory limit).' },
        timed_out: bool,
        duration_ms: int,
        truncated: object({ stdout: bool, stderr: bool }, ['stdout', 'stderr']),
        limits: object({ timeout_seconds: int, cpu_seconds: int, memory_mb: int, processes: int, output_bytes: int, file_mb: int }),
      },
      ['stdout', 'stderr', 'exit_code', 'timed_out', 'duration_ms', 'truncated'],
    ),
    aliases: { text: 'code', content: 'code', source: 'code', python: 'code', input: 'stdin', timeout: 'timeout_seconds' },
    example: { code: 'import math\nprint(math.factorial(20))' },
  },
] as const satisfies readonly ToolDraft[];
