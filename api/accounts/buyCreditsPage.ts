import { microsToUsd } from '../../schema/money';
import { registry } from '../../schema/registry';
import { HtmlPage, type InlineContext, type InlineHandler } from '../inline/inlineHandler';
import { parseAmount, purchaseNewKey } from './buyCredits';
import { ownKeyTopup } from './topup';
import { FAVICON_LINK } from '../discovery/favicon';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A key holder's top-up with the official x402 client: the key says which key, the wallet pays. */
const TOPUP_WITH_FETCH = `import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { privateKeyToAccount } from 'viem/accounts';

const pay = wrapFetchWithPayment(fetch, new x402Client().register('eip155:*', new ExactEvmScheme(privateKeyToAccount(process.env.WALLET_KEY))));
const response = await pay('BASE/auth/topup', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Authorization: \`Bearer \${process.env.KEY}\` },
  body: JSON.stringify({ amount_usd: 5 }),
});
console.log(await response.json()); // { key, added_usd: 5, balance_usd, discount, paid_with: 'x402' }`;

/**
 * GET /buy-credits: a small real page with the prices and the ways to pay; with `amount_usd`, that much credit bought
 * with x402 — a 402 for the amount (which a browser gets as the x402 paywall, api/payments/paywallPage.ts), then the
 * paid retry credits the key sent (?key= or Authorization) as POST /auth/topup does, or a new key as /credits/buy does.
 */
export const buyCreditsPage: InlineHandler = (input, ctx) => (input.amount_usd === undefined ? pricesPage(ctx) : buyWithWallet(input, ctx));

function buyWithWallet(input: Record<string, unknown>, ctx: InlineContext) {
  const caller = ctx.state.caller;
  if (caller?.kind === 'key') return ownKeyTopup(caller, parseAmount(input.amount_usd, ctx.docs), ctx, '/buy-credits');
  return purchaseNewKey(input, ctx, '/buy-credits');
}

function pricesPage({ deps }: InlineContext): HtmlPage {
  const { config } = deps;
  const base = escape(config.publicBaseUrl);
  const paid = registry.filter((e) => e.price > 0).sort((a, b) => a.path.localeCompare(b.path));
  const premium = paid
    .filter((e) => e.premium)
    .map((e) => `<code>${escape(e.path)}</code>`)
    .join(', ');
  const rows = paid
    .map(
      (e) =>
        `<tr><td><code>${escape(e.method)} ${escape(e.path)}</code></td><td>${escape(e.summary)}</td><td>$${microsToUsd(e.price).toFixed(3)}${e.premium ? ' · premium' : ''}</td></tr>`,
    )
    .join('\n');
  return new HtmlPage(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Buy credits</title>
${FAVICON_LINK}
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}td{border-top:1px solid #ddd;padding:.3rem .5rem}code,pre{background:#f4f4f4;padding:.1rem .3rem}pre{padding:.6rem;overflow:auto}</style>
</head><body>
<h1>Buy credits</h1>
<p>Every call is paid on its own: from a prepaid key, with a USDC micropayment (x402), or from the free tier of ${config.freeTierDaily} AI calls a day.</p>
<h2>1. Free trial key</h2>
<pre>curl -X POST ${base}/auth/generate-key -H 'Content-Type: application/json' -d '{"label":"me"}'</pre>
<p>It holds $${microsToUsd(config.trialCredit).toFixed(2)} of credit. Keys with a balance of at least $${microsToUsd(config.discountThreshold).toFixed(2)} get ${config.discountPercent}% off every call.</p>
<h2>2. Buy credit with USDC (x402)</h2>
<p><code>POST ${base}/credits/buy</code> with <code>{"amount_usd": 5}</code> answers 402 with the payment requirements (network ${escape(config.x402Network)}, USDC, 6 decimals). Retry with the signed <code>X-PAYMENT</code> (v1) or <code>PAYMENT-SIGNATURE</code> (v2) header and the response carries your new key in <code>key</code>. Any x402 client library does both steps for you.</p>
<h2>3. Top up a key you have</h2>
<p><code>POST ${base}/auth/topup</code> with your key as <code>Authorization: Bearer apk_…</code> and <code>{"amount_usd": 5}</code> answers 402 for the amount; the x402 retry adds it to that key, the one the request is sent with (no other key can be named). Your key's own command is on the <a href="${base}/dashboard">dashboard</a>.</p>
<p>With the official client (<code>@x402/fetch</code> and <code>@x402/evm</code>), from any wallet holding USDC on ${escape(config.x402Network)}:</p>
<pre>${escape(TOPUP_WITH_FETCH.replace('BASE', config.publicBaseUrl))}</pre>
<p>On a development deployment (<code>npm start</code>, with its local chain and demo payer), from a clone of the service:</p>
<pre>${escape(`BASE_URL=${config.publicBaseUrl} npm run pay -- --key "$KEY" POST /auth/topup '{"amount_usd": 5}'`)}</pre>
<h2>4. Pay from your browser wallet</h2>
<form method="get" action="${base}/buy-credits" onsubmit="if (!this.key.value) this.key.disabled = true">
<p><label>Amount in USD <input name="amount_usd" type="number" min="0.000001" max="10000" step="0.000001" value="5" required></label>
<label>Key to top up (empty: a new key) <input name="key" type="password" autocomplete="off" placeholder="apk_…"></label>
<button type="submit">Pay with a wallet</button></p>
</form>
<p>Opens the x402 payment page: connect a wallet holding USDC on ${escape(config.x402Network)}, pay, and the answer shows the key credited (a new key is shown once). A key typed here travels in the address, so it stays in the browser's history: the <a href="${base}/dashboard">dashboard</a> and <code>POST /auth/topup</code> keep it out.</p>
<h2>5. Pay per call</h2>
<p>Call any paid endpoint without a key, premium tools (${premium}) included: the 402 answer says what to pay; the x402 retry runs the call.</p>
<h2>Prices</h2>
<table><thead><tr><td>Endpoint</td><td></td><td>Per call</td></tr></thead><tbody>
${rows}
</tbody></table>
<p>Metered pricing (<code>X-Pricing: metered</code>) charges the tokens used instead. <a href="${base}/openapi.json">OpenAPI</a> · <a href="${base}/status">Status</a></p>
</body></html>`);
}
