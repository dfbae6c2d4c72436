import { invalidInput } from '../../../core/calls/callFailures';
import { offlineResult, type ToolImplementations } from '../toolImplementation';
import { AnswerProblem } from '../model/modelTask';
import { extractActions, type ActionInput } from './action';
import { buildDiagram, type DiagramInput } from './diagram';
import { buildJsonSchema, type JsonSchemaInput } from './jsonSchema';
import { mockRecords, type MockInput } from './mock';
import { examplesInText, generateRegex, type RegexInput } from './regex';
import { buildTimeline, type TimelineInput } from './timeline';

/** Structure tools (schema/registry/families/structure.ts). */
export const structureTools: ToolImplementations = {
  timeline: { offline: (input) => offlineResult('local/chrono', input.text, buildTimeline(input as unknown as TimelineInput)) },
  action: { offline: (input) => offlineResult('local/rules-chrono', input.text, extractActions(input as unknown as ActionInput)) },
  mock: { offline: (input) => offlineResult('local/faker', input, mockRecords(input as unknown as MockInput)) },
  regex: {
    offline: (input) => {
      const request = input as unknown as RegexInput;
      if (!request.examples?.length && !examplesInText(request.text ?? '').examples.length) {
        throw invalidInput('the offline regex tool needs examples to generalise from', 'Send `examples` (and `non_examples`), or quote examples in `text`.');
      }
      return offlineResult('local/token-generalization', input, generateRegex(request));
    },
    // A model's pattern is tested here, on the caller's examples, rather than taken on its word.
    finishAnswer: (answer, input) => {
      const re = fullMatch(String(answer.pattern), String(answer.flags ?? ''));
      const test = (text: string) => ({ text, matched: re.test(text) });
      const matches = ((input.examples as string[] | undefined) ?? []).map(test);
      const nonMatches = ((input.non_examples as string[] | undefined) ?? []).map(test);
      const verified = matches.every((m) => m.matched) && nonMatches.every((m) => !m.matched);
      return { ...answer, matches, non_matches: nonMatches, verified };
    },
  },
  'json-schema': { offline: (input) => offlineResult('local/schema-inference', input, buildJsonSchema(input as unknown as JsonSchemaInput)) },
  diagram: { offline: (input) => offlineResult('local/mermaid-rules', input, buildDiagram(input as unknown as DiagramInput)) },
};

/** Full-string match, as the offline regex tool tests its own patterns. */
function fullMatch(pattern: string, flags: string): RegExp {
  try {
    return new RegExp(`^(?:${pattern})$`, flags.replace(/[gy]/g, ''));
  } catch (error) {
    throw new AnswerProblem(`pattern /${pattern}/${flags} is not a valid JavaScript regular expression: ${(error as Error).message}`);
  }
}
