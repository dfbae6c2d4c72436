import type { classificationTools as classificationEntries } from '../../../schema/registry/families/classification';
import { type FamilyImplementations, offlineResult } from '../toolImplementation';
import { classify } from './classify';
import { compare } from './compare';
import { proofread } from './proofread';
import { tag } from './tag';

/** Classification tools (schema/registry/families/classification.ts). */
export const classificationTools: FamilyImplementations<typeof classificationEntries> = {
  classify: { offline: (input) => offlineResult('local/wordnet-tfidf', input.text, classify(input)) },
  tag: { offline: (input) => offlineResult(input.taxonomy ? 'local/wordnet-tfidf' : 'local/rake', input.text, tag(input)) },
  compare: { offline: (input) => offlineResult('local/tfidf', input, compare(input)) },
  proofread: { offline: (input) => offlineResult('local/retext', input.text, proofread(input)) },
};
