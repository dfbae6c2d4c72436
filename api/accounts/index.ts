import type { InlineHandler } from '../inline/inlineHandler';
import { buyCredits } from './buyCredits';
import { buyCreditsPage } from './buyCreditsPage';
import { freeTierStatus } from './freeTierStatus';
import { generateKey } from './generateKey';
import { topup } from './topup';
import { usageResponse } from './usageResponse';

const usage: InlineHandler = (_input, { deps, state }) => {
  if (state.caller?.kind !== 'key') throw new Error('requireKey() must run before usage handlers');
  return usageResponse(deps, state.caller);
};

export const accountHandlers: Readonly<Record<string, InlineHandler>> = {
  'auth/generate-key': generateKey,
  'auth/status': usage,
  'api/usage': usage,
  'auth/topup': topup,
  'credits/buy': buyCredits,
  'buy-credits': buyCreditsPage,
  'free-tier/status': freeTierStatus,
};
