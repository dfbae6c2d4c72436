import type { ActivitiesFeature } from '../features';
import type { streamTools as streamsEntries } from '../../schema/streams/streamTools';
import { wordCount } from '../tools/model/wordCount';
import type { AnalyzeInput } from '../reasoning/analyze';
import { research } from '../reasoning/researchSources';
import { lazy, offlineResult, type FamilyImplementations } from '../tools/toolImplementation';
import { analysisReport } from './analysisReport';

const analysis = lazy(() => import('../reasoning/analyze.js'));

/**
 * The streamed endpoints (schema/streams/streamTools.ts): model tools whose prose the model writes;
 * /stream/analyze also has an offline method, whose report the runner streams block by block; /stream/research
 * searches first, like /research.
 */
const streamTools: FamilyImplementations<typeof streamsEntries> = {
  'stream/analyze': {
    offline: async (input) => {
      const text = analysisReport((await analysis()).analyze(input as AnalyzeInput));
      return offlineResult('local/textrank-vader-rake', input, { text, format: 'markdown', word_count: wordCount(text) });
    },
  },
  'stream/research': research,
};

export const feature = { tools: streamTools } satisfies ActivitiesFeature;
