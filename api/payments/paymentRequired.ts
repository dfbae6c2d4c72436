import { type Micros, microsToUsd } from '../../schema/money';
import { PaymentRequired } from '../errors/httpErrors';
import { links } from '../links';
import { type Offer, offerViews } from './paymentOffer';

/** A 402 in the spec's shape (balance — null without a key —, cost, top-up link) carrying every view of how to pay. */
export function paymentRequired(
  offer: Offer,
  message: string,
  price: Micros,
  balanceMicros: number | null,
  extra: Record<string, unknown> = {},
): PaymentRequired {
  // The v2 header's `error` is the refusal's reason when there is one (as official x402 servers answer), else the message.
  const views = offerViews(offer, price, typeof extra.reason === 'string' ? extra.reason : message);
  return new PaymentRequired(
    message,
    {
      balance_usd: balanceMicros === null ? null : microsToUsd(balanceMicros),
      cost_usd: microsToUsd(price),
      top_up_url: links(offer.config).topUp,
      ...extra,
      ...(views.body as { x402: Record<string, unknown> }),
    },
    views.headers,
  );
}
