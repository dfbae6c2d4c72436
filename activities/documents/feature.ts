import type { documentTools as documentsEntries } from '../../schema/documents/documentTools';
import { type FamilyImplementations, lazy, methodResult, offlineResult } from '../tools/toolImplementation';
import type { ActivitiesFeature } from '../features';

const extraction = lazy(() => import('./extract.js'));
const outlining = lazy(() => import('./outline.js'));
const questions = lazy(() => import('./qa.js'));
const retrieval = lazy(() => import('./rag.js'));
const scoring = lazy(() => import('./score.js'));

/** Document tools (schema/documents/documentTools.ts). */
const documentTools: FamilyImplementations<typeof documentsEntries> = {
  qa: { offline: async (input, aids) => methodResult(input, await (await questions()).answerQuestion(input, aids)) },
  rag: { offline: async (input, aids) => methodResult(input, await (await retrieval()).answerFromDocuments(input, aids)) },
  extract: { offline: async (input, { clock }) => offlineResult('local/rules-ner', input.text, (await extraction()).extractFields(input, clock.now())) },
  outline: { offline: async (input) => offlineResult('local/texttiling-textrank', input.text, (await outlining()).outline(input)) },
  score: { offline: async (input) => offlineResult('local/rubric-features', input.text, await (await scoring()).scoreText(input)) },
};

export const feature = { tools: documentTools } satisfies ActivitiesFeature;
