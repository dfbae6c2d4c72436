import { HtmlPage, type InlineHandler } from '../inline/inlineHandler';
import { FAVICON_LINK } from '../discovery/favicon';

/**
 * GET /dashboard: a key holder's usage. The page holds no data: the key is typed into it and kept in the browser
 * (localStorage), and its script (assets/dashboard.js, charts by Chart.js, both served here) reads the JSON
 * endpoints with it: /auth/status, /api/usage/daily, /api/usage/calls, /webhooks/deliveries. It also shows how to top
 * up this key with x402 (POST /auth/topup), as the exact commands for it, and manages the account's keys through
 * /auth/keys (list, create with limits, rotate with a grace period, revoke) when the key typed in may, and downloads the
 * account's verifiable statement (GET /audit/statement, docs/audit.md) for a period.
 */
export const dashboardPage: InlineHandler = () =>
  new HtmlPage(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Usage dashboard · toolgate</title>
${FAVICON_LINK}
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:72rem;margin:1.5rem auto;padding:0 1rem;color:#1d2430}
h1{margin:.2rem 0}h2{font-size:1rem;margin:0 0 .5rem}
form{display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}input{font:inherit;padding:.35rem .5rem;min-width:22rem}
button{font:inherit;padding:.35rem .8rem;cursor:pointer}.note{color:#5b6575;font-size:.85rem}
#status{min-height:1.5rem}#status.error{color:#b42318}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));gap:1rem;margin:1rem 0}
.cards div,.panel{border:1px solid #dde2ea;border-radius:.5rem;padding:.8rem 1rem}
.cards p{font-size:1.6rem;margin:0}.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(22rem,1fr));gap:1rem}
.chart{position:relative;height:16rem}section{margin-bottom:1rem}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{text-align:left;padding:.3rem .5rem;border-top:1px solid #e6e9ef}
td.num{text-align:right;font-variant-numeric:tabular-nums}pre{background:#f4f6f9;padding:.6rem;overflow:auto;font-size:.85rem}
#topup input{min-width:8rem}.failed{color:#b42318}.completed,.delivered,.active{color:#067647}.revoked,.expired{color:#b42318}
[hidden]{display:none!important}#new-key-form{margin-top:.8rem}#new-key-form input{min-width:7rem;width:9rem}#new-key-form input#new-key-tools{width:14rem}#statement-form input{min-width:0}
td.actions{white-space:nowrap}td input.grace{min-width:0;width:5rem}td button{padding:.15rem .5rem;margin-left:.25rem}
#new-secret{border:1px solid #f5c26b;background:#fffaeb;border-radius:.5rem;padding:.6rem 1rem;margin:.8rem 0}
#new-secret code{font-size:1rem;word-break:break-all}#keys-status.error{color:#b42318}
</style>
</head><body>
<header>
<h1>Usage dashboard</h1>
<form id="key-form">
<label for="key">API key</label>
<input id="key" name="key" type="password" autocomplete="off" spellcheck="false" placeholder="apk_…" required>
<button type="submit">Show usage</button>
<button type="button" id="forget">Forget key</button>
</form>
<p class="note">The key stays in this browser (localStorage) and is sent only to this service. No key yet? <a href="docs#auth/generate-key">Create one with POST /auth/generate-key</a>.</p>
</header>
<p id="status" role="status"></p>
<main id="usage" hidden>
<div class="cards">
<div><h2>Balance</h2><p id="balance"></p></div>
<div><h2>Calls, last 30 days</h2><p id="total-calls"></p></div>
<div><h2>Spent, last 30 days</h2><p id="total-spent"></p></div>
<div><h2>Calls today</h2><p id="calls-today"></p></div>
</div>
<section class="panel" id="topup"><h2>Top up this key</h2>
<p id="discount-note"></p>
<form id="topup-form"><label for="topup-amount">Amount (USD)</label>
<input id="topup-amount" name="amount" type="number" min="0.01" max="10000" step="0.01" value="5" required></form>
<p class="note">Pay with x402 (USDC) from a wallet: <code>POST /auth/topup</code> with this key as <code>Authorization</code> answers 402 for the amount, and the paid retry adds it to this key (the key sent is the one credited). These commands hold the key: open them where no one looks on.</p>
<details><summary>With the official client, <code>@x402/fetch</code></summary><pre id="topup-fetch"></pre></details>
<details><summary>On a development deployment: <code>npm run pay</code> (local chain, demo payer)</summary><pre id="topup-command"></pre></details>
</section>
<div class="charts">
<section class="panel"><h2>Calls per day</h2><div class="chart"><canvas id="calls-chart" aria-label="Calls per day"></canvas></div></section>
<section class="panel"><h2>Spend per day (USD)</h2><div class="chart"><canvas id="spend-chart" aria-label="Spend per day"></canvas></div></section>
<section class="panel"><h2>Spend per tool (USD)</h2><div class="chart"><canvas id="tools-chart" aria-label="Spend per tool"></canvas></div></section>
</div>
<section class="panel"><h2>Recent calls</h2>
<table id="calls"><thead><tr><th>Started (UTC)</th><th>Tool</th><th>Status</th><th>Model</th><th>Tokens in / out</th><th>Cost (USD)</th></tr></thead><tbody></tbody></table>
<p><button type="button" id="older-calls" hidden>Older calls</button></p>
</section>
<section class="panel" id="keys-panel"><h2>Keys of this account</h2>
<p class="note">Every key shares the account's balance; each has its own limits. A rotated key gets a new secret (the old one works for the grace seconds given); a revoked key stops at once.</p>
<p id="keys-status" role="status"></p>
<div id="new-secret" hidden><p><strong id="new-secret-title"></strong> Store it now: it is shown this once (only its hash is kept).</p>
<p><code id="new-secret-value"></code></p><button type="button" id="new-secret-done">I have stored it</button></div>
<table id="keys"><thead><tr><th>Key</th><th>Label</th><th>Status</th><th>Last used (UTC)</th><th>Spent (USD)</th><th>Limits</th><th>Rotate (grace seconds) / revoke</th></tr></thead><tbody></tbody></table>
<form id="new-key-form" hidden>
<label>Label <input id="new-key-label" name="label" maxlength="100"></label>
<label>USD a day <input id="new-key-daily" name="daily_limit_usd" type="number" min="0.01" step="0.01"></label>
<label>USD a month <input id="new-key-monthly" name="monthly_limit_usd" type="number" min="0.01" step="0.01"></label>
<label>Requests a minute <input id="new-key-rpm" name="rpm" type="number" min="1" step="1"></label>
<label>Tools <input id="new-key-tools" name="allowed_tools" placeholder="text-ai, /data/*"></label>
<label>Expires (UTC) <input id="new-key-expires" name="expires_at" type="datetime-local"></label>
<button type="submit">Create key</button>
</form>
</section>
<section class="panel" id="statement-panel"><h2>Verifiable statement</h2>
<p class="note">Your account's money events with proofs that they are in the service's signed, tamper-evident event log.
Check the file offline with <code>npm run verify -- statement.json --key &lt;the key at /.well-known/toolgate-log-key&gt;</code> (<a href="docs#audit/statement">how</a>).</p>
<form id="statement-form"><label>From <input type="date" id="statement-from"></label><label>To <input type="date" id="statement-to"></label>
<button type="submit">Download statement</button></form>
<p id="statement-status"></p>
</section>
<section class="panel"><h2>Recent webhook deliveries</h2>
<table id="deliveries"><thead><tr><th>Created (UTC)</th><th>Event</th><th>URL</th><th>Status</th><th>Attempts</th><th>Last HTTP status</th></tr></thead><tbody></tbody></table>
</section>
</main>
<script src="assets/chart.js"></script>
<script src="assets/dashboard.js"></script>
</body></html>`);
