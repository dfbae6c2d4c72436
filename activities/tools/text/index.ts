import type { textTools as textEntries } from '../../../schema/registry/families/text';
import { type FamilyImplementations, offlineResult } from '../toolImplementation';
import { extractKeywords } from './keywords';
import { analyzeSentiment } from './sentiment';
import { summarize } from './summarize';

/** Text tools (schema/registry/families/text.ts). Inputs arrive validated against the entry's schema, aliases applied. */
export const textTools: FamilyImplementations<typeof textEntries> = {
  sentiment: { offline: (input) => offlineResult('local/vader', input.text, analyzeSentiment(input.text)) },
  keywords: { offline: (input) => offlineResult('local/rake', input.text, extractKeywords(input.text, input.max_keywords)) },
  summarize: { offline: (input) => offlineResult('local/textrank', input.text, summarize(input.text, input.format, input.max_sentences)) },
};
