import { isAdminToken } from '../accounts/adminToken';
import { Unauthorized } from '../errors/httpErrors';
import type { InlineContext } from '../inline/inlineHandler';

/** Operator-only endpoints (X-Admin-Token, as /auth/topup takes it). */
export function requireOperator({ deps, header }: InlineContext): void {
  if (!isAdminToken(header('X-Admin-Token'), deps.config.adminToken)) {
    throw new Unauthorized('operator only: send the operator token as X-Admin-Token', 'Discovery runs are started by the operator (ADMIN_TOKEN).');
  }
}
