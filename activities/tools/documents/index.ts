import { offlineResult, type ToolImplementations } from '../toolImplementation';
import { extractFields, type ExtractInput } from './extract';
import { outline, type OutlineInput } from './outline';
import { answerQuestion, type QaInput } from './qa';
import { answerFromDocuments, type RagInput } from './rag';
import { scoreText, type ScoreInput } from './score';

/** Document tools (schema/registry/families/documents.ts). */
export const documentTools: ToolImplementations = {
  qa: { offline: (input) => offlineResult('local/bm25', input, answerQuestion(input as unknown as QaInput)) },
  rag: { offline: (input) => offlineResult('local/bm25', input, answerFromDocuments(input as unknown as RagInput)) },
  extract: { offline: (input) => offlineResult('local/rules-ner', input.text, extractFields(input as unknown as ExtractInput)) },
  outline: { offline: (input) => offlineResult('local/texttiling-textrank', input.text, outline(input as unknown as OutlineInput)) },
  score: { offline: (input) => offlineResult('local/rubric-features', input.text, scoreText(input as unknown as ScoreInput)) },
};
