import { agents } from './agents';
import { calls } from './calls';
import { catalogAndHousekeeping } from './catalogAndHousekeeping';
import { jobsAndWebhooks } from './jobsAndWebhooks';
import { paymentsAndLongWaits } from './paymentsAndLongWaits';
import { scraping } from './scraping';
import type { Group } from './shared';

export type { Group } from './shared';

/** The groups `npm run histories:record` runs, in this order (`--only` picks among them by name). */
export const GROUPS: readonly Group[] = [calls, jobsAndWebhooks, agents, scraping, catalogAndHousekeeping, paymentsAndLongWaits];
