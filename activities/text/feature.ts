import type { textTools as textEntries } from '../../schema/text/textTools';
import { type FamilyImplementations, lazy, methodResult, offlineResult } from '../tools/toolImplementation';
import type { ActivitiesFeature } from '../features';

const keywords = lazy(() => import('./keywords.js'));
const sentiment = lazy(() => import('./sentiment.js'));
const summary = lazy(() => import('./summarize.js'));

/** Text tools (schema/text/textTools.ts). Inputs arrive validated against the entry's schema, aliases applied. */
const textTools: FamilyImplementations<typeof textEntries> = {
  sentiment: { offline: async (input) => methodResult(input.text, (await sentiment()).analyzeSentiment(input.text)) },
  keywords: { offline: async (input) => offlineResult('local/rake', input.text, (await keywords()).extractKeywords(input.text, input.max_keywords)) },
  summarize: { offline: async (input) => methodResult(input.text, (await summary()).summarize(input.text, input.format, input.max_sentences)) },
};

export const feature = { tools: textTools } satisfies ActivitiesFeature;
