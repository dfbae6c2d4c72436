import type { ToolResult } from '../../schema/calls';
import { extractActions, type ActionInput } from './local/action';
import { analyze, type AnalyzeInput } from './local/analyze';
import { buildChangelog, type ChangelogInput } from './local/changelog';
import { buildDiagram, type DiagramInput } from './local/diagram';
import { classify, type ClassifyInput } from './local/classify';
import { compare, type CompareInput } from './local/compare';
import { extractFields, type ExtractInput } from './local/extract';
import { buildJsonSchema, type JsonSchemaInput } from './local/jsonSchema';
import { extractKeywords } from './local/keywords';
import { mockRecords, type MockInput } from './local/mock';
import { outline, type OutlineInput } from './local/outline';
import { proofread } from './local/proofread';
import { answerQuestion, type QaInput } from './local/qa';
import { answerFromDocuments, type RagInput } from './local/rag';
import { examplesInText, generateRegex, type RegexInput } from './local/regex';
import { scoreText, type ScoreInput } from './local/score';
import { tag, type TagInput } from './local/tag';
import { buildTimeline, type TimelineInput } from './local/timeline';
import { analyzeSentiment } from './local/sentiment';
import { summarize, type SummaryFormat } from './local/summarize';
import { usageOf } from './tokens';
import { invalidInput } from './toolFailure';

export type LocalTool = (input: Record<string, unknown>) => ToolResult;

const served = (model: string, input: Record<string, unknown>, output: object): ToolResult => ({
  output: output as Record<string, unknown>,
  model,
  tokens: usageOf(input.text, output),
});

/** Tools the offline `local` provider serves with classic methods; the model id names the method. */
export const localTools: Readonly<Record<string, LocalTool>> = {
  sentiment: (input) => served('local/vader', input, analyzeSentiment(input.text as string)),
  keywords: (input) => served('local/rake', input, extractKeywords(input.text as string, (input.max_keywords as number | undefined) ?? 10)),
  summarize: (input) =>
    served(
      'local/textrank',
      input,
      summarize(input.text as string, (input.format as SummaryFormat | undefined) ?? 'bullets', input.max_sentences as number | undefined),
    ),
  // Inputs arrive validated against the registry schema (schema/registry/analysisTools.ts), aliases applied.
  classify: (input) => served('local/wordnet-tfidf', input, classify(input as unknown as ClassifyInput)),
  tag: (input) => served(input.taxonomy ? 'local/wordnet-tfidf' : 'local/rake', input, tag(input as unknown as TagInput)),
  compare: (input) => {
    const output = compare(input as unknown as CompareInput);
    return { output: { ...output }, model: 'local/tfidf', tokens: usageOf(input, output) };
  },
  proofread: (input) => served('local/retext', input, proofread({ text: input.text as string })),
  qa: (input) => {
    const output = answerQuestion(input as unknown as QaInput);
    return { output: { ...output }, model: 'local/bm25', tokens: usageOf(input, output) };
  },
  rag: (input) => {
    const output = answerFromDocuments(input as unknown as RagInput);
    return { output: { ...output }, model: 'local/bm25', tokens: usageOf(input, output) };
  },
  extract: (input) => served('local/rules-ner', input, extractFields(input as unknown as ExtractInput)),
  timeline: (input) => served('local/chrono', input, buildTimeline(input as unknown as TimelineInput)),
  action: (input) => served('local/rules-chrono', input, extractActions(input as unknown as ActionInput)),
  outline: (input) => served('local/texttiling-textrank', input, outline(input as unknown as OutlineInput)),
  score: (input) => served('local/rubric-features', input, scoreText(input as unknown as ScoreInput)),
  mock: (input) => {
    const output = mockRecords(input as unknown as MockInput);
    return { output: { ...output }, model: 'local/faker', tokens: usageOf(input, output) };
  },
  regex: (input) => {
    const request = input as unknown as RegexInput;
    if (!request.examples?.length && !examplesInText(request.text ?? '').examples.length) {
      throw invalidInput('the offline regex tool needs examples to generalise from', 'Send `examples` (and `non_examples`), or quote examples in `text`.');
    }
    const output = generateRegex(request);
    return { output: { ...output }, model: 'local/token-generalization', tokens: usageOf(input, output) };
  },
  'json-schema': (input) => {
    const output = buildJsonSchema(input as unknown as JsonSchemaInput);
    return { output: { ...output }, model: 'local/schema-inference', tokens: usageOf(input, output) };
  },
  diagram: (input) => {
    const output = buildDiagram(input as unknown as DiagramInput);
    return { output: { ...output }, model: 'local/mermaid-rules', tokens: usageOf(input, output) };
  },
  analyze: (input) => {
    const output = analyze(input as AnalyzeInput);
    return { output: { ...output }, model: 'local/textrank-vader-rake', tokens: usageOf(input, output) };
  },
  changelog: (input) => {
    const output = buildChangelog(input as ChangelogInput, new Date().toISOString().slice(0, 10));
    return { output: { ...output }, model: 'local/conventional-commits', tokens: usageOf(input, output) };
  },
};
