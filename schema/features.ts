import { feature as free } from './free/feature';
import { feature as accounts } from './accounts/feature';
import { feature as discovery } from './discovery/feature';
import { feature as a2a } from './a2a/feature';
import { feature as text } from './text/feature';
import { feature as models } from './models/feature';
import { feature as classification } from './classification/feature';
import { feature as documents } from './documents/feature';
import { feature as structure } from './structure/feature';
import { feature as writing } from './writing/feature';
import { feature as reasoning } from './reasoning/feature';
import { feature as code } from './code/feature';
import { feature as conversation } from './conversation/feature';
import { feature as embeddings } from './embeddings/feature';
import { feature as streams } from './streams/feature';
import { feature as vision } from './vision/feature';
import { feature as data } from './data/feature';
import { feature as search } from './search/feature';
import { feature as jobs } from './jobs/feature';
import { feature as webhooks } from './webhooks/feature';
import { feature as relay } from './relay/feature';
import { feature as networkAgents } from './networkAgents/feature';
import { feature as memory } from './memory/feature';
import { feature as messages } from './messages/feature';
import { feature as knowledge } from './knowledge/feature';
import { feature as tasks } from './tasks/feature';
import { feature as marketplace } from './marketplace/feature';
import { feature as customAgents } from './customAgents/feature';
import { feature as scraping } from './scraping/feature';
import { feature as catalog } from './catalog/feature';
import { feature as files } from './files/feature';
import { feature as skills } from './skills/feature';
import { feature as orchestration } from './orchestration/feature';
import { feature as audit } from './audit/feature';

/**
 * Every feature, in the order the catalogue lists their tools: adding a feature is its folders plus its line here
 * (an import and an entry: ES module namespaces would sort the names, and the order is the catalogue's and the
 * routes'). Each tree finds a feature's folder by this name (docs/architecture.md, "Features").
 */
export const features = {
  free,
  accounts,
  discovery,
  a2a,
  text,
  models,
  classification,
  documents,
  structure,
  writing,
  reasoning,
  code,
  conversation,
  embeddings,
  streams,
  vision,
  data,
  search,
  jobs,
  webhooks,
  relay,
  networkAgents,
  memory,
  messages,
  knowledge,
  tasks,
  marketplace,
  customAgents,
  scraping,
  catalog,
  files,
  skills,
  orchestration,
  audit,
} as const;

export type Features = typeof features;
export type FeatureName = keyof Features;

/** The features' names in catalogue order. */
export const featureNames = Object.keys(features) as FeatureName[];
