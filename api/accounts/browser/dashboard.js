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
