import { offerSignIn, SIGN_IN_WITH_X } from '../../core/sessions/signInWithX';
import { encodeBase64Json } from '../../core/x402/base64Json';
import { PAYMENT_REQUIRED_HEADER } from '../../core/x402';
import type { AppDeps } from '../deps';
import { PaymentRequired } from '../errors/httpErrors';
import { links } from '../links';

/**
 * What a GET of one's own data (files, agents, inbox …) answers a caller without credentials where this deployment
 * takes x402: a 402 with nothing to pay (`accepts: []`, sign-in-with-x's auth-only form) declaring the sign-in-with-x
 * extension, so a wallet that paid before signs in with the official client (`createSIWxClientExtension`) and reads
 * what its wallet owns; a key or a SIWE session token (POST /agents/verify) still works as before. Null: x402 is off,
 * and the 401 says how to send credentials.
 */
export function signInRequired(deps: Pick<AppDeps, 'config' | 'clock' | 'x402'>, path: string, summary: string): PaymentRequired | null {
  if (!deps.x402) return null;
  const url = new URL(path, deps.config.publicBaseUrl).href;
  const message = 'sign in to read what your wallet owns: nothing is paid here';
  const required = {
    x402Version: 2,
    error: message,
    resource: { url, description: summary, mimeType: 'application/json' },
    accepts: [],
    extensions: { [SIGN_IN_WITH_X]: offerSignIn(deps.config, deps.clock, url) },
  };
  return new PaymentRequired(
    message,
    {
      balance_usd: null,
      cost_usd: 0,
      top_up_url: links(deps.config).topUp,
      hint: `Sign the sign-in-with-x message this answer declares (PAYMENT-REQUIRED's extensions["${SIGN_IN_WITH_X}"]) with the wallet and send it as the ${SIGN_IN_WITH_X.toUpperCase()} header; or send your API key, or a wallet session token from POST /agents/verify.`,
      x402: required,
    },
    { [PAYMENT_REQUIRED_HEADER]: encodeBase64Json(required) },
  ).withCode('sign_in_required');
}
