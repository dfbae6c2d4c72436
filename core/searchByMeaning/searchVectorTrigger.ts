import { createHash } from 'node:crypto';
import { type Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { SearchItem, SearchRows } from './searchableCollection';
import { SEARCH_TEXT_EVENTS, searchableCollections, searchItemsOf } from './searchTexts';
import type { SubscriptionHandler } from '../subscriptions/subscriber';
import type { searchVectors } from '../../workflows/searchByMeaning/searchVectorWorkflows';

/**
 * The subscription's name carries the collections it embeds: a feature that becomes searchable renames it, so the new
 * subscription reads the log from its start and embeds the rows written before it was searchable (those embedded
 * already at their current text are skipped by a lookup: textsWithoutVector).
 */
export const SEARCH_VECTORS_SUBSCRIPTION = `search-vectors-${createHash('sha256')
  .update([...searchableCollections.keys()].sort().join(','))
  .digest('hex')
  .slice(0, 8)}`;

/**
 * Starts the embedding of what was written (the rows of every feature's searchable collections) after it is recorded: one
 * `search-vectors-<collection>-evt<first position>-<its time>` workflow per collection in a batch of events. The write has
 * answered already; its checkpoint advances once the starts are accepted, and Temporal retries the embedding.
 */
export function searchVectorTrigger(deps: { readonly client: Client; readonly taskQueue: string }): SubscriptionHandler {
  return {
    id: SEARCH_VECTORS_SUBSCRIPTION,
    handles: SEARCH_TEXT_EVENTS,
    async handle(_trx, events) {
      const batches = new Map<string, { first: string; items: Map<string, SearchItem> }>();
      for (const stored of events) {
        for (const found of searchItemsOf(stored)) {
          // The position with its time: a database made anew (tests, a reset) counts positions from 1 again, and Temporal
          // keeps ids of finished workflows, which would refuse the new one.
          const batch = batches.get(found.collection) ?? { first: `${stored.position}-${stored.recordedAt.getTime().toString(36)}`, items: new Map() };
          batch.items.set(JSON.stringify([found.item.scope, found.item.item]), found.item);
          batches.set(found.collection, batch);
        }
      }
      for (const [collection, batch] of batches) {
        const rows: SearchRows = { collection, items: [...batch.items.values()] };
        try {
          await deps.client.workflow.start<typeof searchVectors>('searchVectors', {
            workflowId: `search-vectors-${collection}-evt${batch.first}`,
            taskQueue: deps.taskQueue,
            args: [rows],
            workflowIdReusePolicy: 'REJECT_DUPLICATE',
          });
        } catch (error) {
          if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
        }
      }
    },
  };
}
