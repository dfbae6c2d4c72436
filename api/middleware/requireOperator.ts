import type { Middleware } from 'koa';
import { isAdminToken } from '../accounts/adminToken';
import type { RequestState } from '../deps';
import { Unauthorized } from '../errors/httpErrors';

/**
 * Operator-only endpoints (access `admin`) need the operator token (X-Admin-Token, ADMIN_TOKEN on the service): a 401
 * before anything else is read, so an idempotency key or a body of someone without it gets no other answer.
 */
export function requireOperator(adminToken: string): Middleware<RequestState> {
  return async (ctx, next) => {
    if (!isAdminToken(ctx.get('X-Admin-Token'), adminToken)) {
      throw new Unauthorized(
        'operator only: send the operator token as X-Admin-Token',
        'Operator endpoints take the ADMIN_TOKEN the service was started with.',
      );
    }
    await next();
  };
}
