import type { Middleware } from 'koa';
import { nextUtcMidnight, utcDay } from '../../activities/billing/clock';
import { priceFor } from '../../activities/billing/pricing';
import { LIVE_SCHEMA } from '../../activities/projections';
import type { X402Payment } from '../../schema/calls';
import type { Payer } from '../../schema/events';
import { type Micros, microsToUsd } from '../../schema/money';
import type { MeteringRates } from '../../schema/metering';
import { meteredPrice } from '../payments/meteredPrice';
import type { ToolEntry } from '../../schema/registry/types';
import type { AppDeps, RequestState } from '../deps';
import { Forbidden } from '../errors/httpErrors';
import { links } from '../links';
import { acceptPayment, paymentHeaderOf } from '../payments/acceptPayment';
import { offerFor, offerViews } from '../payments/paymentOffer';
import { paymentRequired } from '../payments/paymentRequired';

export interface PayerState {
  payer?: Payer;
  /** X-Pricing: metered (keys only): the reservation and the rates that settle it. */
  metered?: { maxMicros: Micros; rates: MeteringRates };
  payment?: X402Payment;
}

/**
 * Decides who pays for this call: the key's balance, an x402 payment sent with the request, or the caller's
 * free tier. The balance and free-tier checks here are early answers only; the workflow's reservation is
 * what actually guards them.
 */
export function choosePayer(entry: ToolEntry, deps: AppDeps): Middleware<RequestState & PayerState> {
  const { config, store } = deps;
  const offer = offerFor(deps, entry.path, entry.summary);
  const docs = links(config).docs(entry.name);
  return async (ctx, next) => {
    if (entry.price === 0) {
      // A free tool (the /preview demo) bills no one and spends no free-tier call; the IP rate limit is its only bound.
      ctx.state.payer = { kind: 'none', id: ctx.state.clientIp };
      return next();
    }
    const caller = ctx.state.caller;
    if (caller?.kind === 'key') {
      const row = await store.db
        .withSchema(LIVE_SCHEMA)
        .selectFrom('balances')
        .select('available_micros')
        .where('account_id', '=', caller.accountId)
        .executeTakeFirst();
      const available = row?.available_micros ?? 0;
      const metered = meteredPrice(ctx.get('X-Pricing'), entry, ctx.state.input ?? {}, config, docs);
      const { price } = metered ? { price: metered.maxMicros } : priceFor(entry.price, available, config);
      if (available < price)
        throw paymentRequired(
          offer,
          metered ? 'insufficient balance for the most this metered call can cost' : 'insufficient balance for this call',
          price,
          available,
        );
      ctx.state.payer = { kind: 'key', id: caller.accountId };
      if (metered) ctx.state.metered = metered;
      return next();
    }

    if (paymentHeaderOf(ctx.headers)) {
      const accepted = await acceptPayment(deps, offer, ctx.headers, entry.price, { callId: ctx.state.requestId, requestId: ctx.state.requestId, docs });
      ctx.state.payer = { kind: 'x402', id: accepted.payer };
      ctx.state.payment = accepted.payment;
      ctx.state.payerLabel = `wallet:${accepted.payer}`;
      return next();
    }

    if (entry.premium) {
      const views = offerViews(offer, entry.price, 'premium tool: payment required');
      throw new Forbidden(
        `${entry.path} is a premium tool: it needs a paid API key or an x402 payment`,
        'Send a key with credit (Authorization: Bearer apk_…), or pay this call with an x402 client (PAYMENT-SIGNATURE or X-PAYMENT header).',
        links(config).upgrade,
        { cost_usd: microsToUsd(entry.price), ...views.body },
      ).withHeaders(views.headers);
    }
    if (!entry.freeTier) throw paymentRequired(offer, 'payment required: send an API key or an x402 payment', entry.price, null);

    const now = deps.clock.now();
    const usage = await store.db
      .withSchema(LIVE_SCHEMA)
      .selectFrom('free_tier_usage')
      .select('used')
      .where('ip', '=', ctx.state.clientIp)
      .where('day', '=', utcDay(now))
      .executeTakeFirst();
    if ((usage?.used ?? 0) >= config.freeTierDaily) {
      throw paymentRequired(offer, `free tier used up: ${config.freeTierDaily} AI calls a day per IP`, entry.price, null, {
        free_tier: { daily_limit: config.freeTierDaily, remaining: 0, resets_at: nextUtcMidnight(now).toISOString() },
      });
    }
    ctx.state.payer = { kind: 'free', id: ctx.state.clientIp };
    ctx.state.payerLabel = `free:${ctx.state.clientIp}`;
    return next();
  };
}
