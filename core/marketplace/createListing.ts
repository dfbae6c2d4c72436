import { saleSplit } from './saleSplit';
import { type Owner } from '../../schema/agentNetwork';
import { event, streams } from '../../schema/events';
import { type Micros, microsToUsd } from '../../schema/money';
import { byName } from '../../schema/registry';
import { applyOnce, type CallScope } from '../calls/applyOnce';
import { ownedNetworkAgent } from '../networkAgents/ownedNetworkAgent';
import { scopedId } from '../calls/scopedId';
import { invalidInput } from '../calls/callFailures';
import type { EventStore } from '../eventStore';
import { checkToolInput } from '../validation/checkToolInput';
import { isListable } from './listableTool';

export interface ListingDraft {
  readonly agentId: string;
  readonly tool: string;
  readonly params: Record<string, unknown>;
  readonly title: string;
  readonly description: string;
  readonly priceMicros: Micros;
}

/** Lists a registry tool under the caller's agent, at a price at least the tool's own (so a sale never runs it at a loss). */
export async function createListing(
  store: EventStore,
  scope: CallScope,
  owner: Owner,
  draft: ListingDraft,
  feePercent: number,
): Promise<Record<string, unknown>> {
  const entry = byName.get(draft.tool.replace(/^\//, ''));
  if (!isListable(entry))
    throw invalidInput(
      `${draft.tool} cannot be listed`,
      'List a tool of the catalogue (GET /discover) that runs as a call; agent-network and orchestration endpoints cannot be resold.',
    );
  if (draft.priceMicros < entry.price) {
    throw invalidInput(`the price is below ${entry.name}'s own price (${microsToUsd(entry.price)} USD)`, 'A listing costs at least the tool it runs.');
  }
  // Preset params must be valid input on their own or once the buyer adds the rest: unknown fields are refused now.
  const known = new Set(Object.keys((entry.input.properties ?? {}) as object).concat(Object.keys(entry.aliases ?? {})));
  const unknown = Object.keys(draft.params).filter((k) => !known.has(k));
  if (unknown.length) throw invalidInput(`${entry.name} takes no field ${unknown.map((k) => `"${k}"`).join(', ')}`, `Its fields: ${[...known].join(', ')}.`);
  const check = checkToolInput(entry, draft.params);
  const wrong = check.ok ? [] : check.problems.filter((p) => p.field !== undefined && p.field.split('.')[0]! in draft.params);
  if (wrong.length) throw invalidInput(`the preset params are not valid ${entry.name} input: ${wrong[0]!.message}`);
  const split = saleSplit(draft.priceMicros, entry.price, feePercent);
  return applyOnce(store, scope, async (tx, metadata) => {
    await ownedNetworkAgent(tx.trx, draft.agentId, owner);
    const listingId = scopedId('lst', scope.callId);
    const created = {
      listingId,
      agentId: draft.agentId,
      owner,
      kind: 'tool' as const,
      tool: entry.name,
      params: draft.params,
      title: draft.title,
      description: draft.description,
      priceMicros: draft.priceMicros,
    };
    const [stored] = (await tx.append(streams.listing(listingId), [event('ListingCreated', created)], { expectedVersion: 'no_stream', metadata })).events;
    return {
      listing_id: listingId,
      agent_id: draft.agentId,
      tool: entry.name,
      price_usd: microsToUsd(draft.priceMicros),
      seller_share_usd: microsToUsd(split.sellerMicros),
      fee_usd: microsToUsd(split.feeMicros + split.toolMicros),
      created_at: stored!.recordedAt.toISOString(),
    };
  });
}
