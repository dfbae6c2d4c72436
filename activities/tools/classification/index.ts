import type { classificationTools as classificationEntries } from '../../../schema/registry/families/classification';
import { type FamilyImplementations, lazy, methodResult } from '../toolImplementation';

const classification = lazy(() => import('./classify.js'));
const comparison = lazy(() => import('./compare.js'));
const proofreading = lazy(() => import('./proofread.js'));
const tagging = lazy(() => import('./tag.js'));

/** Classification tools (schema/registry/families/classification.ts). */
export const classificationTools: FamilyImplementations<typeof classificationEntries> = {
  classify: { offline: async (input, aids) => methodResult(input.text, await (await classification()).classify(input, aids)) },
  tag: { offline: async (input, aids) => methodResult(input.text, await (await tagging()).tag(input, aids)) },
  compare: { offline: async (input) => methodResult(input, (await comparison()).compare(input)) },
  proofread: { offline: async (input) => methodResult(input.text, await (await proofreading()).proofread(input)) },
};
