import type { Owner } from '../../schema/agentNetwork';
import type { Payer } from '../../schema/events';

/** The identity a paid call acts as: its payer. Free-tier and free-of-charge callers have none. */
export function ownerOf(payer: Payer | undefined): Owner | null {
  if (payer?.kind === 'key') return `key:${payer.id}`;
  if (payer?.kind === 'x402') return `wallet:${payer.id.toLowerCase()}`;
  return null;
}

/** A wallet session's identity. */
export function walletOwner(address: string): Owner {
  return `wallet:${address.toLowerCase()}`;
}

/** The account whose balance an owner's money moves on: the key's account, or the wallet's `account-<address>`. */
export function accountOf(owner: Owner): string {
  return owner.slice(owner.indexOf(':') + 1);
}

/** A row (an agent, a custom agent, a file) if `owner` owns it; undefined when it is absent, another's, or nobody asks. */
export function ownedBy<Row extends { readonly owner: string }>(row: Row | undefined, owner: Owner | null): Row | undefined {
  return row && owner !== null && row.owner === owner ? row : undefined;
}
