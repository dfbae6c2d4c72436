import type { Config } from '../../schema/config';
import { type Micros, microsToUsd } from '../../schema/money';
import { PaymentRequired } from '../errors/httpErrors';
import { links } from '../links';

export interface PaymentContext {
  readonly config: Config;
  readonly resource: string;
  readonly description: string;
}

/** The spec's `x402` block: who to pay, on which network, and what is accepted for this call. */
export function x402Block(ctx: PaymentContext, price: Micros): Record<string, unknown> {
  const { config } = ctx;
  return {
    pay_to: config.x402PayTo || null,
    network: config.x402Network,
    accepts: [
      {
        scheme: 'exact',
        network: config.x402Network,
        amount: String(price),
        asset: config.x402Asset,
        payTo: config.x402PayTo || null,
        maxTimeoutSeconds: 60,
        resource: ctx.resource,
        description: ctx.description,
        mimeType: 'application/json',
        extra: { name: config.x402AssetName, version: config.x402AssetVersion },
      },
    ],
  };
}

/** A 402 in the spec's shape: the balance the caller has (null when there is no key), the cost, and how to pay. */
export function paymentRequired(
  ctx: PaymentContext,
  message: string,
  price: Micros,
  balanceMicros: number | null,
  extra: Record<string, unknown> = {},
): PaymentRequired {
  return new PaymentRequired(message, {
    balance_usd: balanceMicros === null ? null : microsToUsd(balanceMicros),
    cost_usd: microsToUsd(price),
    top_up_url: links(ctx.config).topUp,
    x402: x402Block(ctx, price),
    ...extra,
  });
}
