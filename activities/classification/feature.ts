import type { ActivitiesFeature } from '../features';
import type { classificationTools as classificationEntries } from '../../schema/classification/classificationTools';
import { type FamilyImplementations, lazy, offlineResult } from '../tools/toolImplementation';

const classification = lazy(() => import('./classify.js'));
const comparison = lazy(() => import('./compare.js'));
const proofreading = lazy(() => import('./proofread.js'));
const tagging = lazy(() => import('./tag.js'));

/** Classification tools (schema/classification/classificationTools.ts). */
const classificationTools: FamilyImplementations<typeof classificationEntries> = {
  classify: { offline: async (input) => offlineResult('local/wordnet-tfidf', input.text, (await classification()).classify(input)) },
  tag: { offline: async (input) => offlineResult(input.taxonomy ? 'local/wordnet-tfidf' : 'local/rake', input.text, (await tagging()).tag(input)) },
  compare: { offline: async (input) => offlineResult('local/tfidf', input, (await comparison()).compare(input)) },
  proofread: { offline: async (input) => offlineResult('local/retext', input.text, (await proofreading()).proofread(input)) },
};

export const feature = { tools: classificationTools } satisfies ActivitiesFeature;
