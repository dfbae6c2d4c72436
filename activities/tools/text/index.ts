import type { textTools as textEntries } from '../../../schema/registry/families/text';
import { type FamilyImplementations, lazy, methodResult, offlineResult } from '../toolImplementation';

const keywords = lazy(() => import('./keywords.js'));
const sentiment = lazy(() => import('./sentiment.js'));
const summary = lazy(() => import('./summarize.js'));

/** Text tools (schema/registry/families/text.ts). Inputs arrive validated against the entry's schema, aliases applied. */
export const textTools: FamilyImplementations<typeof textEntries> = {
  sentiment: { offline: async (input) => methodResult(input.text, (await sentiment()).analyzeSentiment(input.text)) },
  keywords: { offline: async (input) => offlineResult('local/rake', input.text, (await keywords()).extractKeywords(input.text, input.max_keywords)) },
  summarize: { offline: async (input) => methodResult(input.text, (await summary()).summarize(input.text, input.format, input.max_sentences)) },
};
