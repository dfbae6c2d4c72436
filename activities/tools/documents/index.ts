import type { documentTools as documentsEntries } from '../../../schema/registry/families/documents';
import { type FamilyImplementations, lazy, methodResult, offlineResult } from '../toolImplementation';

const extraction = lazy(() => import('./extract.js'));
const outlining = lazy(() => import('./outline.js'));
const questions = lazy(() => import('./qa.js'));
const retrieval = lazy(() => import('./rag.js'));
const scoring = lazy(() => import('./score.js'));

/** Document tools (schema/registry/families/documents.ts). */
export const documentTools: FamilyImplementations<typeof documentsEntries> = {
  qa: { offline: async (input) => methodResult(input, await (await questions()).answerQuestion(input)) },
  rag: { offline: async (input) => methodResult(input, await (await retrieval()).answerFromDocuments(input)) },
  extract: { offline: async (input) => offlineResult('local/rules-ner', input.text, (await extraction()).extractFields(input)) },
  outline: { offline: async (input) => offlineResult('local/texttiling-textrank', input.text, (await outlining()).outline(input)) },
  score: { offline: async (input) => offlineResult('local/rubric-features', input.text, await (await scoring()).scoreText(input)) },
};
