import { invalidInput } from '../../core/calls/callFailures';
import type { structureTools as structureEntries } from '../../schema/structure/structureTools';
import { type FamilyImplementations, lazy, methodResult, offlineResult } from '../tools/toolImplementation';
import { AnswerProblem } from '../tools/model/modelTask';
import type { ActivitiesFeature } from '../features';
import { examplesInText, generateRegex } from './regex';

const actions = lazy(() => import('./action.js'));
const diagrams = lazy(() => import('./diagram.js'));
const schemas = lazy(() => import('./jsonSchema.js'));
const mocks = lazy(() => import('./mock.js'));
const timelines = lazy(() => import('./timeline.js'));

/** Structure tools (schema/structure/structureTools.ts). */
const structureTools: FamilyImplementations<typeof structureEntries> = {
  timeline: { offline: async (input, { clock }) => offlineResult('local/chrono', input.text, (await timelines()).buildTimeline(input, clock.now())) },
  action: { offline: async (input, { clock }) => offlineResult('local/rules-chrono', input.text, (await actions()).extractActions(input, clock.now())) },
  mock: { offline: async (input, { clock }) => offlineResult('local/faker', input, (await mocks()).mockRecords(input, clock.now())) },
  regex: {
    offline: (input) => {
      if (!input.examples?.length && !examplesInText(input.text ?? '').examples.length) {
        throw invalidInput('the offline regex tool needs examples to generalise from', 'Send `examples` (and `non_examples`), or quote examples in `text`.');
      }
      return offlineResult('local/token-generalization', input, generateRegex(input));
    },
    // A model's pattern is tested here, on the caller's examples, rather than taken on its word.
    finishAnswer: (answer, input) => {
      const re = fullMatch(String(answer.pattern), String(answer.flags ?? ''));
      const test = (text: string) => ({ text, matched: re.test(text) });
      const matches = (input.examples ?? []).map(test);
      const nonMatches = (input.non_examples ?? []).map(test);
      const verified = matches.every((m) => m.matched) && nonMatches.every((m) => !m.matched);
      return { ...answer, matches, non_matches: nonMatches, verified };
    },
  },
  'json-schema': { offline: async (input) => methodResult(input, (await schemas()).buildJsonSchema(input)) },
  diagram: { offline: async (input) => offlineResult('local/mermaid-rules', input, (await diagrams()).buildDiagram(input)) },
};

/** Full-string match, as the offline regex tool tests its own patterns. */
function fullMatch(pattern: string, flags: string): RegExp {
  try {
    return new RegExp(`^(?:${pattern})$`, flags.replace(/[gy]/g, ''));
  } catch (error) {
    throw new AnswerProblem(`pattern /${pattern}/${flags} is not a valid JavaScript regular expression: ${(error as Error).message}`);
  }
}

export const feature = { tools: structureTools } satisfies ActivitiesFeature;
