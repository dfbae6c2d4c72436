import { offlineResult, type ToolImplementations } from '../toolImplementation';
import { extractKeywords } from './keywords';
import { analyzeSentiment } from './sentiment';
import { summarize, type SummaryFormat } from './summarize';

/** Text tools (schema/registry/families/text.ts). Inputs arrive validated against the entry's schema, aliases applied. */
export const textTools: ToolImplementations = {
  sentiment: { offline: (input) => offlineResult('local/vader', input.text, analyzeSentiment(input.text as string)) },
  keywords: {
    offline: (input) => offlineResult('local/rake', input.text, extractKeywords(input.text as string, (input.max_keywords as number | undefined) ?? 10)),
  },
  summarize: {
    offline: (input) =>
      offlineResult(
        'local/textrank',
        input.text,
        summarize(input.text as string, (input.format as SummaryFormat | undefined) ?? 'bullets', input.max_sentences as number | undefined),
      ),
  },
};
