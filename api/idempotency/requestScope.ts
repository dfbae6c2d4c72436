import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import type { Config } from '../../schema/config';
import type { ToolEntry } from '../../schema/registry';
import { isAdminToken } from '../accounts/adminToken';
import type { RequestState } from '../deps';
import { paymentHeaderOf } from '../payments/acceptPayment';
import { decodePaymentHeaders } from '../../core/x402';

type RequestContext = Context & { state: RequestState };

const digest = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('base64url');

/**
 * Who sent an idempotency key, so one caller's key never finds another's answer: the operator (a valid X-Admin-Token
 * on an operator's endpoint), a key's account, a wallet session, the x402 payment itself (a bearer instrument: whoever
 * holds it paid), else the client's address. Answers are replayed before a payment is verified, so an x402 payment's
 * scope is the payment, never the payer it claims.
 */
export function keyScope(ctx: RequestContext, entry: ToolEntry, config: Pick<Config, 'adminToken'>): string {
  // Keyed by an x402 payment's own id: the payer's (the request id is made of payer and id), whatever the payload.
  if (ctx.state.idempotencyKey?.header === 'payment-identifier') return `x402-id:${ctx.state.requestId}`;
  const payment = paymentHeaderOf(ctx.headers);
  return callerScope(ctx, entry, config) ?? (payment ? `x402:${digest(payment.value)}` : `ip:${ctx.state.clientIp}`);
}

/**
 * Whose namespace the call a key names lives in (core/idempotency/scopedCallId.ts): as keyScope, but an x402 payment
 * counts for the wallet it is signed by. A call runs only once its payment is verified, so the payer is proven before
 * the id finds anything; and a retry carrying a fresh payment from the same wallet (x402 clients sign anew) still
 * names the same call, which then runs and is paid once.
 */
export function callScope(ctx: RequestContext, entry: ToolEntry, config: Pick<Config, 'adminToken'>): string {
  if (ctx.state.idempotencyKey?.header === 'payment-identifier') return `x402-id:${ctx.state.requestId}`;
  const payer = claimedPayer(ctx);
  return callerScope(ctx, entry, config) ?? (payer ? `wallet:${payer}` : keyScope(ctx, entry, config));
}

/** The operator, a key's account or a wallet session; null for a caller with no credentials of ours. */
function callerScope(ctx: RequestContext, entry: ToolEntry, config: Pick<Config, 'adminToken'>): string | null {
  const operatorsRoute = entry.access === 'admin' || entry.access === 'key-or-operator';
  if (operatorsRoute && isAdminToken(ctx.get('X-Admin-Token'), config.adminToken)) return 'operator';
  const caller = ctx.state.caller;
  if (caller?.kind === 'key') return `key:${caller.accountId}`;
  if (caller?.kind === 'wallet') return `wallet:${caller.address}`;
  return null;
}

/** The wallet an x402 payment says signed it (lower case), or null without a readable one (refused where it is accepted). */
function claimedPayer(ctx: RequestContext): string | null {
  try {
    return decodePaymentHeaders(ctx.headers)?.payer.toLowerCase() ?? null;
  } catch {
    return null;
  }
}

/**
 * What makes two requests the same request (Stripe's rule): the method and path, the validated input (aliases
 * resolved, defaults filled), an uploaded file's bytes, the key that sent it and how it is priced. Retry counters
 * and other transport headers are not part of it.
 */
export function requestOf(ctx: RequestContext, entry: ToolEntry): Record<string, unknown> {
  const { caller, upload, input } = ctx.state;
  return {
    method: entry.method,
    path: ctx.path,
    input: withoutDefaultModel(input ?? {}),
    ...(upload ? { file: { sha256: digest(upload.bytes), name: upload.filename } } : {}),
    ...(caller?.kind === 'key' ? { keyId: caller.keyId } : {}),
    ...(ctx.get('X-Pricing') ? { pricing: ctx.get('X-Pricing') } : {}),
    // The payment-identifier extension's rule: the same id with another payment payload is another request (409).
    ...(ctx.state.idempotencyKey?.header === 'payment-identifier' ? { payment: digest(paymentHeaderOf(ctx.headers)?.value ?? '') } : {}),
  };
}

/** `model: "auto"` is what an omitted model means (modelField's default): the two are one request. */
function withoutDefaultModel(input: Record<string, unknown>): Record<string, unknown> {
  if (input.model !== 'auto') return input;
  const { model: _auto, ...rest } = input;
  return rest;
}
