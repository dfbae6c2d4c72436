import type { documentTools as documentsEntries } from '../../../schema/registry/families/documents';
import { type FamilyImplementations, offlineResult } from '../toolImplementation';
import { extractFields } from './extract';
import { outline } from './outline';
import { answerQuestion } from './qa';
import { answerFromDocuments } from './rag';
import { scoreText } from './score';

/** Document tools (schema/registry/families/documents.ts). */
export const documentTools: FamilyImplementations<typeof documentsEntries> = {
  qa: { offline: (input) => offlineResult('local/bm25', input, answerQuestion(input)) },
  rag: { offline: (input) => offlineResult('local/bm25', input, answerFromDocuments(input)) },
  extract: { offline: (input) => offlineResult('local/rules-ner', input.text, extractFields(input)) },
  outline: { offline: (input) => offlineResult('local/texttiling-textrank', input.text, outline(input)) },
  score: { offline: (input) => offlineResult('local/rubric-features', input.text, scoreText(input)) },
};
