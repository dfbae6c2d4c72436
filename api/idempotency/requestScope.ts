import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import type { Config } from '../../schema/config';
import type { ToolEntry } from '../../schema/registry';
import { isAdminToken } from '../accounts/adminToken';
import type { RequestState } from '../deps';
import { paymentHeaderOf } from '../payments/acceptPayment';

type RequestContext = Context & { state: RequestState };

const digest = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('base64url');

/**
 * Who sent an idempotency key, so one caller's key never finds another's answer: the operator (a valid X-Admin-Token
 * on an operator's endpoint), a key's account, a wallet session, the x402 payment itself (a bearer instrument: whoever
 * holds it paid), else the client's address.
 */
export function keyScope(ctx: RequestContext, entry: ToolEntry, config: Pick<Config, 'adminToken'>): string {
  const operatorsRoute = entry.access === 'admin' || entry.access === 'key-or-operator';
  if (operatorsRoute && isAdminToken(ctx.get('X-Admin-Token'), config.adminToken)) return 'operator';
  // Keyed by an x402 payment's own id: the payer's (the request id is made of payer and id), whatever the payload.
  if (ctx.state.idempotencyKey?.header === 'payment-identifier') return `x402-id:${ctx.state.requestId}`;
  const caller = ctx.state.caller;
  if (caller?.kind === 'key') return `key:${caller.accountId}`;
  if (caller?.kind === 'wallet') return `wallet:${caller.address}`;
  const payment = paymentHeaderOf(ctx.headers);
  if (payment) return `x402:${digest(payment.value)}`;
  return `ip:${ctx.state.clientIp}`;
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
    input: input ?? {},
    ...(upload ? { file: { sha256: digest(upload.bytes), name: upload.filename } } : {}),
    ...(caller?.kind === 'key' ? { keyId: caller.keyId } : {}),
    ...(ctx.get('X-Pricing') ? { pricing: ctx.get('X-Pricing') } : {}),
    // The payment-identifier extension's rule: the same id with another payment payload is another request (409).
    ...(ctx.state.idempotencyKey?.header === 'payment-identifier' ? { payment: digest(paymentHeaderOf(ctx.headers)?.value ?? '') } : {}),
  };
}
