import type { classificationTools as classificationEntries } from '../../schema/classification/classificationTools';
import { type FamilyImplementations, lazy, methodResult } from '../tools/toolImplementation';
import type { ActivitiesFeature } from '../features';

const classification = lazy(() => import('./classify.js'));
const comparison = lazy(() => import('./compare.js'));
const proofreading = lazy(() => import('./proofread.js'));
const tagging = lazy(() => import('./tag.js'));

/** Classification tools (schema/classification/classificationTools.ts). */
const classificationTools: FamilyImplementations<typeof classificationEntries> = {
  classify: { offline: async (input, aids) => methodResult(input.text, await (await classification()).classify(input, aids)) },
  tag: { offline: async (input, aids) => methodResult(input.text, await (await tagging()).tag(input, aids)) },
  compare: { offline: async (input) => methodResult(input, (await comparison()).compare(input)) },
  proofread: { offline: async (input) => methodResult(input.text, await (await proofreading()).proofread(input)) },
};

export const feature = { tools: classificationTools } satisfies ActivitiesFeature;
