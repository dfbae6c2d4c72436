import { wordCount } from '../tools/model/wordCount';
import type { AnalyzeInput } from '../reasoning/analyze';
import { research } from '../reasoning/researchSources';
import { lazy, offlineResult, type ToolImplementations } from '../tools/toolImplementation';
import { analysisReport } from './analysisReport';

const analysis = lazy(() => import('../reasoning/analyze.js'));

/**
 * The streamed endpoints (schema/streams/streamTools.ts): model tools whose prose the model writes;
 * /stream/analyze also has an offline method, whose report the runner streams block by block; /stream/research
 * searches first, like /research.
 */
export const streamTools: ToolImplementations = {
  'stream/analyze': {
    offline: async (input) => {
      const text = analysisReport((await analysis()).analyze(input as AnalyzeInput));
      return offlineResult('local/textrank-vader-rake', input, { text, format: 'markdown', word_count: wordCount(text) });
    },
  },
  'stream/research': research,
};
