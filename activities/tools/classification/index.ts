import { offlineResult, type ToolImplementations } from '../toolImplementation';
import { classify, type ClassifyInput } from './classify';
import { compare, type CompareInput } from './compare';
import { proofread } from './proofread';
import { tag, type TagInput } from './tag';

/** Classification tools (schema/registry/families/classification.ts). */
export const classificationTools: ToolImplementations = {
  classify: { offline: (input) => offlineResult('local/wordnet-tfidf', input.text, classify(input as unknown as ClassifyInput)) },
  tag: { offline: (input) => offlineResult(input.taxonomy ? 'local/wordnet-tfidf' : 'local/rake', input.text, tag(input as unknown as TagInput)) },
  compare: { offline: (input) => offlineResult('local/tfidf', input, compare(input as unknown as CompareInput)) },
  proofread: { offline: (input) => offlineResult('local/retext', input.text, proofread({ text: input.text as string })) },
};
