import type { AnySuite } from '../suite';
import { changelogSuite } from './changelog';
import { classifySuite } from './classify';
import { compareSuite } from './compare';
import { diagramSuite } from './diagram';
import { jsonSchemaSuite } from './jsonSchema';
import { knowledgeSearchSuite } from './knowledgeSearch';
import { memorySearchSuite } from './memorySearch';
import { proofreadSuite } from './proofread';
import { qaSuite } from './qa';
import { ragSuite } from './rag';
import { sentimentSuite } from './sentiment';
import { summarizeSuite } from './summarize';
import { skillSearchSuite } from './skillSearch';
import { tagSuite } from './tag';

/**
 * Every evaluated tool, in the order the report lists them. A new suite is one file here plus its cases; search
 * suites (skills/search, memory/search, knowledge/search: the expected item in the top 3) join with a runner that searches a store of their own.
 */
export const suites: readonly AnySuite[] = [
  sentimentSuite,
  qaSuite,
  ragSuite,
  classifySuite,
  tagSuite,
  proofreadSuite,
  compareSuite,
  jsonSchemaSuite,
  changelogSuite,
  summarizeSuite,
  diagramSuite,
  skillSearchSuite,
  memorySearchSuite,
  knowledgeSearchSuite,
];
