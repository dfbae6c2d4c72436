import { type InlineHandler, type FamilyHandlers } from '../inline/inlineHandler';
import { buyCredits, buyCreditsWithMethod } from './buyCredits';
import { buyCreditsPage } from './buyCreditsPage';
import { callHistoryResponse } from './callHistoryResponse';
import { dailyUsageResponse } from './dailyUsageResponse';
import { dashboardPage } from './dashboardPage';
import { freeTierStatus } from './freeTierStatus';
import { generateKey } from './generateKey';
import { createAccountKey, listAccountKeys, revokeAccountKey, rotateAccountKey, updateAccountKey } from './manageKeys';
import { findAccounts, refundAnyCall, revokeAnyKey } from './operatorAccounts';
import { topup } from './topup';
import { usageResponse } from './usageResponse';
import { walletUsage } from './walletUsage';
import { Unauthorized } from '../errors/httpErrors';
import type { accountTools } from '../../schema/accounts/accountTools';

const keyUsage: InlineHandler = (_input, { deps, state }) => {
  if (state.caller?.kind !== 'key') throw new Error('requireKey() must run before usage handlers');
  return usageResponse(deps, state.caller);
};

/** /api/usage: a key's record (?key=), or a wallet's x402 spend (?wallet=). */
const usage: InlineHandler = (input, ctx) => {
  if (typeof input.wallet === 'string') return walletUsage(ctx.deps, input.wallet);
  if (ctx.state.caller?.kind !== 'key') throw new Unauthorized('missing API key', 'Pass ?key=apk_… (or a wallet as ?wallet=0x…).');
  return keyUsage(input, ctx);
};

export const accountHandlers: FamilyHandlers<typeof accountTools> = {
  'auth/generate-key': generateKey,
  'auth/status': keyUsage,
  'api/usage': usage,
  'api/usage/daily': dailyUsageResponse,
  'api/usage/calls': callHistoryResponse,
  dashboard: dashboardPage,
  'auth/topup': topup,
  'credits/buy': buyCredits,
  'buy-credits': buyCreditsPage,
  'buy-credits/purchase': buyCreditsWithMethod,
  'free-tier/status': freeTierStatus,
  'auth/keys/create': createAccountKey,
  'auth/keys': listAccountKeys,
  'auth/keys/update': updateAccountKey,
  'auth/keys/rotate': rotateAccountKey,
  'auth/keys/revoke': revokeAccountKey,
  'admin/accounts': findAccounts,
  'admin/keys/revoke': revokeAnyKey,
  'admin/calls/refund': refundAnyCall,
};
