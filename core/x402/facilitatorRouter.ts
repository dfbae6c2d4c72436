import { timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { decodePaymentPayload, type Payment, UndecodablePayment } from './decodePayment';
import { type Facilitator, FacilitatorUnavailable } from './facilitator';
import { toStandardCode } from './refusal';
import type { PaymentRequirements } from './requirements';
import { settlementReceipt } from './settlementReceipt';
import { InvalidRequirements, requirementsFromWire } from './wireRequirements';

export interface FacilitatorRouterOptions {
  /** Mount point, e.g. `/facilitator`. */
  readonly prefix?: string;
  /** When set, callers must send `Authorization: Bearer <token>` (settling spends the facilitator's gas). */
  readonly bearerToken?: string;
  readonly limitBytes?: number;
}

/**
 * Serves a facilitator over the x402 facilitator HTTP API (POST /verify, POST /settle,
 * GET /supported), so other services, or official x402 servers, can settle through it.
 */
export function facilitatorRouter(facilitator: Facilitator, options: FacilitatorRouterOptions = {}): Router {
  const router = new Router(options.prefix ? { prefix: options.prefix } : {});
  const limitBytes = options.limitBytes ?? 64 * 1024;

  router.use(async (ctx, next) => {
    if (options.bearerToken && !bearerMatches(ctx.get('Authorization'), options.bearerToken)) {
      return answer(ctx, 401, { error: 'this facilitator wants Authorization: Bearer <token>' });
    }
    try {
      await next();
    } catch (error) {
      if (error instanceof UndecodablePayment || error instanceof InvalidRequirements || error instanceof BadRequestBody)
        return answer(ctx, 400, { error: error.message });
      if (error instanceof FacilitatorUnavailable) return answer(ctx, 503, { error: error.message });
      throw error;
    }
  });

  router.post('/verify', async (ctx) => {
    const { payment, requirements } = await readRequest(ctx, limitBytes);
    const verdict = await facilitator.verify(payment, requirements);
    if (verdict.ok) return answer(ctx, 200, { isValid: true, payer: verdict.payer });
    answer(ctx, 200, {
      isValid: false,
      invalidReason: toStandardCode(verdict.reason),
      invalidMessage: verdict.message,
      payer: verdict.payer ?? payment.payer,
    });
  });

  router.post('/settle', async (ctx) => {
    const { payment, requirements } = await readRequest(ctx, limitBytes);
    const settlement = await facilitator.settle(payment, requirements);
    answer(ctx, 200, settlementReceipt(settlement, payment.x402Version));
  });

  router.get('/supported', async (ctx) => {
    answer(ctx, 200, await facilitator.supported());
  });

  return router;
}

class BadRequestBody extends Error {}

async function readRequest(ctx: Context, limitBytes: number): Promise<{ payment: Payment; requirements: PaymentRequirements }> {
  let body: unknown;
  try {
    body = JSON.parse(await getRawBody(ctx.req, { limit: limitBytes, encoding: 'utf8' }));
  } catch (error) {
    throw new BadRequestBody(`the body must be JSON {x402Version, paymentPayload, paymentRequirements}: ${(error as Error).message}`);
  }
  if (typeof body !== 'object' || body === null) throw new BadRequestBody('the body must be a JSON object {x402Version, paymentPayload, paymentRequirements}');
  const { paymentPayload, paymentRequirements } = body as Record<string, unknown>;
  const payment = decodePaymentPayload(paymentPayload);
  const resource = (paymentPayload as Record<string, unknown>).resource;
  return { payment, requirements: requirementsFromWire(paymentRequirements, resource) };
}

function answer(ctx: Context, status: number, body: unknown): void {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(body);
}

function bearerMatches(header: string, token: string): boolean {
  const given = Buffer.from(header.replace(/^Bearer\s+/i, ''));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
