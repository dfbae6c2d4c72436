// The /dashboard page's script (served as /assets/dashboard.js): reads the key holder's usage with the key typed
// into the page, kept in localStorage only, and draws it with Chart.js (/assets/chart.js).
'use strict';

(() => {
  const STORAGE = 'toolgate.apiKey';
  const $ = (id) => document.getElementById(id);
  // Micro-dollar amounts to the digit they need: $0.01, $0.235, $0.000125, $2.00.
  const usd = (amount) => `$${amount.toFixed(6).replace(/0{1,4}$/, '')}`;
  const when = (iso) => (iso ? iso.replace('T', ' ').slice(0, 19) : '');
  const charts = [];
  let key = '';
  let nextCursor = null;

  function status(text, isError = false) {
    $('status').textContent = text;
    $('status').className = isError ? 'error' : '';
  }

  async function api(path) {
    const response = await fetch(path, { headers: { Authorization: `Bearer ${key}` } });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(typeof body.error === 'string' ? body.error : `${path} answered ${response.status}`);
    return body;
  }

  // The service's address as the page reaches it (the page sits at <base>/dashboard).
  const base = new window.URL('.', window.location.href).href.replace(/\/$/, '');

  /** The exact top-up of this key, for the amount typed: the official x402 client, and npm run pay in development. */
  function showTopup(account) {
    const amount = Number($('topup-amount').value) || 5;
    const body = JSON.stringify({ amount_usd: amount });
    $('topup-fetch').textContent = [
      "import { wrapFetchWithPayment, x402Client } from '@x402/fetch';",
      "import { ExactEvmScheme } from '@x402/evm/exact/client';",
      "import { privateKeyToAccount } from 'viem/accounts';",
      '',
      'const wallet = new ExactEvmScheme(privateKeyToAccount(process.env.WALLET_KEY)); // a wallet holding USDC',
      "const pay = wrapFetchWithPayment(fetch, new x402Client().register('eip155:*', wallet));",
      `const response = await pay('${base}/auth/topup', {`,
      "  method: 'POST',",
      `  headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ${key}' },`,
      `  body: '${body}',`,
      '});',
    ].join('\n');
    $('topup-command').textContent = `BASE_URL=${base} npm run pay -- --key ${key} POST /auth/topup '${body}'`;
    if (account) {
      const { discount } = account;
      const short = discount.from_balance_usd - account.balance_usd;
      $('discount-note').textContent = discount.active
        ? `This key gets ${discount.percent}% off every call while it holds at least ${usd(discount.from_balance_usd)}.`
        : `Holding at least ${usd(discount.from_balance_usd)} gives ${discount.percent}% off every call: ${usd(Math.ceil(short * 100) / 100)} more would do it.`;
    }
  }

  function row(table, cells) {
    const tr = document.createElement('tr');
    for (const [text, className] of cells) {
      const td = document.createElement('td');
      td.textContent = String(text);
      if (className) td.className = className;
      tr.append(td);
    }
    $(table).querySelector('tbody').append(tr);
  }

  function chart(canvas, type, labels, datasets, options = {}) {
    charts.push(
      new Chart($(canvas), {
        type,
        data: { labels, datasets },
        options: { animation: false, maintainAspectRatio: false, plugins: { legend: { display: datasets.length > 1 } }, ...options },
      }),
    );
  }

  function addCalls(calls) {
    for (const call of calls) {
      row('calls', [
        [when(call.started_at)],
        [call.tool],
        [call.status, call.status],
        [call.model ?? ''],
        [`${call.tokens.input} / ${call.tokens.output}`, 'num'],
        [usd(call.cost_usd), 'num'],
      ]);
    }
  }

  async function show() {
    status('Loading…');
    const [account, daily, calls, deliveries] = await Promise.all([
      api('auth/status'),
      api('api/usage/daily?days=30'),
      api('api/usage/calls?limit=20'),
      api('webhooks/deliveries?limit=10'),
    ]);
    for (const existing of charts.splice(0)) existing.destroy();
    for (const table of ['calls', 'deliveries']) $(table).querySelector('tbody').replaceChildren();

    $('balance').textContent = usd(account.balance_usd);
    $('total-calls').textContent = String(daily.total.calls);
    $('total-spent').textContent = usd(daily.total.spent_usd);
    $('calls-today').textContent = String(account.calls_today);
    showTopup(account);

    const days = daily.days.map((d) => d.day.slice(5));
    chart(
      'calls-chart',
      'bar',
      days,
      [
        { label: 'completed', data: daily.days.map((d) => d.calls - d.failed), backgroundColor: '#2e90fa' },
        { label: 'failed', data: daily.days.map((d) => d.failed), backgroundColor: '#f04438' },
      ],
      { scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } } },
    );
    chart('spend-chart', 'line', days, [{ label: 'USD', data: daily.days.map((d) => d.spent_usd), borderColor: '#7a5af8', fill: false, tension: 0.2 }], {
      scales: { y: { beginAtZero: true } },
    });
    chart(
      'tools-chart',
      'bar',
      daily.tools.map((t) => t.tool),
      [{ label: 'USD', data: daily.tools.map((t) => t.spent_usd), backgroundColor: '#12b76a' }],
      {
        indexAxis: 'y',
        scales: { x: { beginAtZero: true } },
      },
    );

    addCalls(calls.calls);
    nextCursor = calls.next_cursor;
    $('older-calls').hidden = !nextCursor;
    for (const delivery of deliveries.deliveries) {
      row('deliveries', [
        [when(delivery.created_at)],
        [delivery.event],
        [delivery.url],
        [delivery.status, delivery.status],
        [delivery.attempt_count, 'num'],
        [delivery.last_status_code ?? '', 'num'],
      ]);
    }
    $('usage').hidden = false;
    status(`Key ${account.key}: ${daily.from} to ${daily.to} (UTC).`);
    document.body.dataset.ready = 'true';
  }

  async function showWithKey(candidate) {
    key = candidate.trim();
    document.body.dataset.ready = 'false';
    try {
      await show();
      localStorage.setItem(STORAGE, key);
    } catch (error) {
      $('usage').hidden = true;
      status(`Could not read the usage: ${error.message}`, true);
    }
  }

  $('key-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void showWithKey($('key').value);
  });
  $('topup-amount').addEventListener('input', () => showTopup());
  $('forget').addEventListener('click', () => {
    localStorage.removeItem(STORAGE);
    key = '';
    $('key').value = '';
    $('usage').hidden = true;
    status('The key was removed from this browser.');
  });
  $('older-calls').addEventListener('click', async () => {
    try {
      const page = await api(`api/usage/calls?limit=20&cursor=${encodeURIComponent(nextCursor)}`);
      addCalls(page.calls);
      nextCursor = page.next_cursor;
      $('older-calls').hidden = !nextCursor;
    } catch (error) {
      status(`Could not read older calls: ${error.message}`, true);
    }
  });

  const saved = localStorage.getItem(STORAGE);
  if (saved) {
    $('key').value = saved;
    void showWithKey(saved);
  }
})();
