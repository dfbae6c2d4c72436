import { hashApiKey } from '../../core/accounts/apiKey';
import { revokeKey } from '../../core/accounts/revokeKey';
import { reverseCharge } from '../../core/ledger/reverseCharge';
import { LIVE_SCHEMA } from '../../core/projections';
import { microsToUsd } from '../../schema/money';
import type { accountTools } from '../../schema/accounts/accountTools';
import { BadRequest, Conflict, NotFound } from '../errors/httpErrors';
import type { HandlerFor } from '../inline/inlineHandler';
import { accountKeyViews } from './keyView';
import { keyChangeError, oneKey } from './manageKeys';

type Handler<Name extends (typeof accountTools)[number]['name']> = HandlerFor<typeof accountTools, Name>;

/** Most accounts one prefix may name: a prefix is for finding one key a holder quotes, not for listing keys. */
const MOST_ACCOUNTS = 20;
/** How much of a key its mask shows (core/accounts/apiKey.ts maskApiKey): a longer prefix is matched on these. */
const MASKED_START = 8;

/** GET /admin/accounts: the accounts a key's first characters (as its mask shows them) or a wallet name. */
export const findAccounts: Handler<'admin/accounts'> = async (input, ctx) => {
  const { deps, docs } = ctx;
  const db = deps.store.db.withSchema(LIVE_SCHEMA);
  let accountIds: string[];
  if (input.wallet !== undefined) {
    accountIds = [input.wallet.toLowerCase()];
  } else if (input.key_prefix !== undefined) {
    const prefix = input.key_prefix;
    // A whole key is found by its hash; a prefix by the masks of its secrets, which keep a key's first 8 characters.
    const secrets = db.selectFrom('key_secrets as s').innerJoin('api_keys as k', 'k.key_id', 's.key_id').select('k.account_id').distinct();
    const whole = await secrets.where('s.key_hash', '=', hashApiKey(prefix)).execute();
    const start = prefix.slice(0, MASKED_START).replace(/[\\%_]/g, '\\$&');
    const rows = whole.length > 0 ? whole : await secrets.where('s.masked', 'like', `${start}%`).limit(MOST_ACCOUNTS).execute();
    accountIds = rows.map((row) => row.account_id);
  } else {
    throw new BadRequest('name a key_prefix or a wallet', 'GET /admin/accounts?key_prefix=apk_Ab3d or ?wallet=0x…', docs);
  }
  const now = deps.clock.now();
  const accounts = [];
  for (const accountId of accountIds) {
    const balance = await db.selectFrom('balances').selectAll().where('account_id', '=', accountId).executeTakeFirst();
    const keys = await accountKeyViews(deps.store.db, accountId, now);
    if (!balance && keys.length === 0) continue;
    accounts.push({
      account_id: accountId,
      kind: keys.length > 0 ? ('key' as const) : ('wallet' as const),
      balance_usd: microsToUsd(balance?.available_micros ?? 0),
      reserved_usd: microsToUsd(balance?.reserved_micros ?? 0),
      spent_usd: microsToUsd(balance?.spent_micros ?? 0),
      credited_usd: microsToUsd(balance?.credited_micros ?? 0),
      keys,
    });
  }
  return { accounts };
};

/** DELETE /admin/keys/{key_id}: the operator revokes any key. */
export const revokeAnyKey: Handler<'admin/keys/revoke'> = async (input, ctx) => {
  const { deps, state, docs } = ctx;
  const revoked = await revokeKey(deps.store, {
    keyId: input.key_id,
    reason: 'revoked by the operator',
    by: 'operator',
    requestId: state.requestId,
    actor: 'operator',
  });
  if (!revoked.ok) throw keyChangeError(revoked, docs);
  return { ...(await oneKey(ctx, revoked.accountId, input.key_id)), account_id: revoked.accountId };
};

/** POST /admin/calls/{call_id}/refund: a completed call's charge given back, as a compensating event. */
export const refundAnyCall: Handler<'admin/calls/refund'> = async (input, ctx) => {
  const { deps, state, docs } = ctx;
  const reversed = await reverseCharge(deps.store, { callId: input.call_id, reason: input.reason, requestId: state.requestId });
  if (!reversed.ok) {
    switch (reversed.reason) {
      case 'no_such_call':
        throw new NotFound(reversed.message, 'Name the call by its X-Request-Id (GET /api/usage/calls lists a key’s calls).', docs);
      case 'already_refunded':
        throw new Conflict(reversed.message, '`npm run audit -- call-<call_id>` shows the refund.', docs).withCode('already_refunded');
      default:
        throw new Conflict(reversed.message, 'Only a completed call paid from a key’s balance has a charge to give back.', docs).withCode('not_refundable');
    }
  }
  return {
    call_id: reversed.callId,
    account_id: reversed.accountId,
    refunded_usd: microsToUsd(reversed.amountMicros),
    balance_usd: microsToUsd(reversed.balanceMicros),
  };
};
