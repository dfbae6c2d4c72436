import type { Middleware } from 'koa';
import { nextUtcMidnight, utcDay } from '../../activities/billing/clock';
import { priceFor } from '../../activities/billing/pricing';
import { LIVE_SCHEMA } from '../../activities/projections';
import type { Payer } from '../../schema/events';
import type { ToolEntry } from '../../schema/registry/types';
import type { AppDeps, RequestState } from '../deps';
import { Forbidden } from '../errors/httpErrors';
import { links } from '../links';
import { paymentRequired, x402Block } from '../payments/paymentRequired';

export interface PayerState {
  payer?: Payer;
}

/**
 * Decides who pays for this call: the key's balance, or the caller's free tier. The checks here are cheap
 * early answers only; the workflow's reservation is what actually guards the balance.
 */
export function choosePayer(entry: ToolEntry, deps: AppDeps): Middleware<RequestState & PayerState> {
  const { config, store } = deps;
  const payment = { config, resource: `${config.publicBaseUrl}${entry.path}`, description: entry.summary };
  return async (ctx, next) => {
    const caller = ctx.state.caller;
    if (caller?.kind === 'key') {
      const row = await store.db
        .withSchema(LIVE_SCHEMA)
        .selectFrom('balances')
        .select('available_micros')
        .where('account_id', '=', caller.accountId)
        .executeTakeFirst();
      const available = row?.available_micros ?? 0;
      const { price } = priceFor(entry.price, available, config);
      if (available < price) throw paymentRequired(payment, 'insufficient balance for this call', price, available);
      ctx.state.payer = { kind: 'key', id: caller.accountId };
      return next();
    }

    if (entry.premium) {
      throw new Forbidden(
        `${entry.path} is a premium tool: it needs a paid API key or an x402 payment`,
        'Send a key (Authorization: Bearer apk_…) with credit, or pay this call with the X-PAYMENT header.',
        links(config).upgrade,
        {
          cost_usd: entry.price / 1_000_000,
          x402: x402Block(payment, entry.price),
        },
      );
    }
    if (!entry.freeTier) throw paymentRequired(payment, 'payment required: send an API key or an x402 payment', entry.price, null);

    const now = deps.clock.now();
    const usage = await store.db
      .withSchema(LIVE_SCHEMA)
      .selectFrom('free_tier_usage')
      .select('used')
      .where('ip', '=', ctx.state.clientIp)
      .where('day', '=', utcDay(now))
      .executeTakeFirst();
    if ((usage?.used ?? 0) >= config.freeTierDaily) {
      throw paymentRequired(payment, `free tier used up: ${config.freeTierDaily} AI calls a day per IP`, entry.price, null, {
        free_tier: { daily_limit: config.freeTierDaily, remaining: 0, resets_at: nextUtcMidnight(now).toISOString() },
      });
    }
    ctx.state.payer = { kind: 'free', id: ctx.state.clientIp };
    ctx.state.payerLabel = `free:${ctx.state.clientIp}`;
    return next();
  };
}
