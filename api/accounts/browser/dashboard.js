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

  /** A line of news under a panel (the usage's, the keys'), marked when it reports an error. */
  function tell(id, text, isError) {
    $(id).textContent = text;
    $(id).className = isError ? 'error' : '';
  }
  const status = (text, isError = false) => tell('status', text, isError);

  // randomUUID needs a secure context (https or this machine); random bytes do anywhere.
  const idempotencyKey = () =>
    window.crypto.randomUUID?.() ?? [...window.crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');

  /** A JSON endpoint with the key; a change carries an Idempotency-Key, so a click sent twice changes nothing twice. */
  async function api(path, { method = 'GET', body } = {}) {
    const headers = { Authorization: `Bearer ${key}` };
    if (method !== 'GET') Object.assign(headers, { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey() });
    const response = await fetch(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      const error = new Error(typeof answer.error === 'string' ? answer.error : `${path} answered ${response.status}`);
      error.code = answer.code;
      throw error;
    }
    return answer;
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
    await showKeys();
    document.body.dataset.ready = 'true';
  }

  // The account's keys (a key with manage_keys): listed, created, rotated and revoked through /auth/keys.
  const keysStatus = (text, isError = false) => tell('keys-status', text, isError);

  /** A key's limits in a line: what each allows and what is left of the spend limits today and this month. */
  function limitsText({ limits }) {
    const parts = [];
    if (limits.daily_limit_usd !== null) parts.push(`${usd(limits.daily_limit_usd)}/day (${usd(limits.daily.remaining_usd)} left)`);
    if (limits.monthly_limit_usd !== null) parts.push(`${usd(limits.monthly_limit_usd)}/month (${usd(limits.monthly.remaining_usd)} left)`);
    if (limits.rpm !== null) parts.push(`${limits.rpm} requests/min`);
    if (limits.allowed_tools !== null) parts.push(`tools: ${limits.allowed_tools.join(', ')}`);
    if (limits.expires_at !== null) parts.push(`expires ${when(limits.expires_at)}`);
    return parts.length ? parts.join('; ') : 'none';
  }

  function button(text, label, onClick) {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = text;
    element.setAttribute('aria-label', label);
    element.addEventListener('click', onClick);
    return element;
  }

  /** Shows a secret the service gives once (a new key, a rotated key's new secret). */
  function showSecret(title, secret) {
    $('new-secret-title').textContent = title;
    $('new-secret-value').textContent = secret;
    $('new-secret').hidden = false;
  }

  async function showKeys() {
    let listed;
    try {
      listed = await api('auth/keys');
    } catch (error) {
      $('keys').hidden = true;
      $('new-key-form').hidden = true;
      keysStatus(
        error.code === 'manage_keys_required'
          ? "This key may not manage the account's keys: type in the account's first key, or one with manage_keys."
          : `Could not read the keys: ${error.message}`,
        error.code !== 'manage_keys_required',
      );
      return;
    }
    $('keys').hidden = false;
    $('new-key-form').hidden = false;
    const body = $('keys').querySelector('tbody');
    body.replaceChildren();
    for (const item of listed.keys) {
      const tr = document.createElement('tr');
      tr.dataset.keyId = item.key_id;
      const retiring = item.previous_secrets.map((old) => `${old.masked} works until ${when(old.works_until)}`).join('; ');
      const cells = [
        [`${item.masked}${item.calling ? ' (this key)' : ''}${retiring ? ` — previous: ${retiring}` : ''}`, 'key'],
        [item.label ?? '', 'label'],
        [item.status, `status ${item.status}`],
        [item.last_used_at ? when(item.last_used_at) : 'never', 'last-used'],
        [usd(item.spent_usd), 'num spent'],
        [limitsText(item), 'limits'],
      ];
      for (const [text, className] of cells) {
        const td = document.createElement('td');
        td.textContent = text;
        td.className = className;
        tr.append(td);
      }
      const actions = document.createElement('td');
      actions.className = 'actions';
      if (item.status !== 'revoked') {
        const grace = document.createElement('input');
        Object.assign(grace, { type: 'number', min: '0', max: '604800', step: '1', value: '0', className: 'grace' });
        grace.setAttribute('aria-label', `Grace seconds for ${item.masked}`);
        actions.append(
          grace,
          button('Rotate', `Rotate ${item.masked}`, () => void rotate(item, Number(grace.value) || 0)),
          button('Revoke', `Revoke ${item.masked}`, () => void revoke(item)),
        );
      }
      tr.append(actions);
      body.append(tr);
    }
    keysStatus(`${listed.keys.length} key${listed.keys.length === 1 ? '' : 's'}.`);
  }

  async function rotate(item, graceSeconds) {
    try {
      const rotated = await api(`auth/keys/${encodeURIComponent(item.key_id)}/rotate`, { method: 'POST', body: { grace_seconds: graceSeconds } });
      // This page's own key rotated: it goes on with the new secret.
      if (item.calling) {
        key = rotated.key;
        $('key').value = key;
        localStorage.setItem(STORAGE, key);
      }
      showSecret(`New secret of ${item.label ?? item.masked} (the old one works until ${when(rotated.previous.works_until)}):`, rotated.key);
      await showKeys();
    } catch (error) {
      keysStatus(`Could not rotate ${item.masked}: ${error.message}`, true);
    }
  }

  async function revoke(item) {
    const warning = item.calling ? ' This is the key this page uses: the page forgets it.' : '';
    if (!window.confirm(`Revoke ${item.masked}? It stops working at once, everywhere.${warning}`)) return;
    try {
      await api(`auth/keys/${encodeURIComponent(item.key_id)}`, { method: 'DELETE' });
      if (item.calling) return forgetKey(`${item.masked} was revoked and removed from this browser.`);
      await showKeys();
      keysStatus(`${item.masked} was revoked.`);
    } catch (error) {
      keysStatus(`Could not revoke ${item.masked}: ${error.message}`, true);
    }
  }

  /** The new key's settings as POST /auth/keys takes them: only the fields filled in. */
  function newKeySettings() {
    const settings = {};
    const text = (id) => $(id).value.trim();
    if (text('new-key-label')) settings.label = text('new-key-label');
    if (text('new-key-daily')) settings.daily_limit_usd = Number(text('new-key-daily'));
    if (text('new-key-monthly')) settings.monthly_limit_usd = Number(text('new-key-monthly'));
    if (text('new-key-rpm')) settings.rpm = Number(text('new-key-rpm'));
    if (text('new-key-tools'))
      settings.allowed_tools = text('new-key-tools')
        .split(/[,\s]+/)
        .filter(Boolean);
    // The field's time is read as UTC, as its label says.
    if (text('new-key-expires')) settings.expires_at = new Date(`${text('new-key-expires')}Z`).toISOString();
    return settings;
  }

  // The page's controls: the key typed in, the top-up amount, a new key's form, older calls.
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
  // The account's verifiable statement for the period chosen (whole UTC days), saved as a file.
  $('statement-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const query = new window.URLSearchParams();
    if ($('statement-from').value) query.set('from', `${$('statement-from').value}T00:00:00Z`);
    if ($('statement-to').value) query.set('to', `${$('statement-to').value}T23:59:59.999Z`);
    try {
      const statement = await api(`audit/statement${query.size ? `?${query}` : ''}`);
      const file = new window.Blob([JSON.stringify(statement, null, 2)], { type: 'application/json' });
      const link = document.createElement('a');
      link.href = window.URL.createObjectURL(file);
      link.download = `statement-${statement.account_id}-${(statement.period.to || '').slice(0, 10)}.json`;
      link.click();
      window.URL.revokeObjectURL(link.href);
      tell(
        'statement-status',
        `${statement.events.length} events, proven against checkpoint #${statement.checkpoint.id} (${statement.checkpoint.tree_size} events).`,
      );
    } catch (error) {
      tell('statement-status', error.message, true);
    }
  });
  function forgetKey(message) {
    localStorage.removeItem(STORAGE);
    key = '';
    $('key').value = '';
    $('usage').hidden = true;
    $('new-secret').hidden = true;
    status(message);
  }
  $('forget').addEventListener('click', () => forgetKey('The key was removed from this browser.'));
  $('new-secret-done').addEventListener('click', () => {
    $('new-secret').hidden = true;
    $('new-secret-value').textContent = '';
  });
  $('new-key-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const created = await api('auth/keys', { method: 'POST', body: newKeySettings() });
      $('new-key-form').reset();
      showSecret(`New key ${created.label ?? created.masked}:`, created.key);
      await showKeys();
    } catch (error) {
      keysStatus(`Could not create the key: ${error.message}`, true);
    }
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
