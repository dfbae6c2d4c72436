import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { privateKeyToAccount } from 'viem/accounts';
import { readStream } from '../../core/eventStore';
import { projectRoot } from '../../scripts/services/paths';
import { generateKey } from '../support/accounts';
import { walletCallId } from '../support/callIds';
import { json } from '../support/json';
import { type LocalChain, selfHostedX402, startLocalChain } from '../support/localChain';
import { modelEnv } from '../support/modelEnv';
import { type ScriptedModelServer, startScriptedModelServer } from '../support/scriptedModelServer';
import { SiteServer } from '../support/siteServer';
import { startTestService, type TestService } from '../support/testService';
import { waitFor } from '../support/waitFor';

/**
 * Issue 30: premium tools (/research, /vision, /scrape/*) are outside the free tier, but a caller without a key can
 * still pay for them, so they answer 402 with the payment requirements, and the official x402 client pays them.
 */
let local: LocalChain;
let model: ScriptedModelServer;
let site: SiteServer;
let service: TestService;

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const ARTICLE = `<!doctype html><html lang="en"><head><title>Tide tables</title></head><body><article><h1>Tide tables</h1>
<p>High water comes twice a day on most coasts. The tables below list the times for the harbour, in local time, for the
whole of next week, and the heights in metres above chart datum for each high and low water.</p>
<p>Spring tides come after the full and the new moon; neap tides after the quarters, when the range is smallest.</p></article></body></html>`;

beforeAll(async () => {
  [local, model, site] = await Promise.all([
    startLocalChain(),
    startScriptedModelServer(),
    SiteServer.start(() => ({ '/tides': { body: ARTICLE }, '/dot.png': { type: 'image/png', body: PNG } })),
  ]);
  const runtime = selfHostedX402(local);
  // Trial keys hold a cent here: less than any premium tool costs, so a key must be topped up to run one.
  service = await startTestService({ env: { ...modelEnv(model.baseUrl), TRIAL_CREDIT_USD: '0.01' }, x402: runtime });
}, 120_000);
afterAll(async () => {
  await service?.stop();
  await Promise.all([local?.stop(), model?.close(), site?.stop()]);
});

const payer = () => privateKeyToAccount(local.chain.payerPrivateKey);
const pay = () =>
  wrapFetchWithPayment(
    fetch,
    new x402Client()
      .register('eip155:*', new ExactEvmScheme(payer()))
      .setSpendControls({ allowedAssets: [{ network: 'eip155:8453', asset: local.chain.asset }] }),
  );
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const paid = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  pay()(`${service.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const RESEARCH = { topic: 'tides', sources: [{ title: 'Tide tables', url: 'https://example.com/tides', text: 'High water comes twice a day.' }] };
const RESEARCHED = {
  topic: 'tides',
  summary: 'High water comes twice a day [1].',
  key_findings: ['Two tides a day [1].'],
  citations: [{ marker: 1, title: 'Tide tables', source: 1 }],
  confidence: 0.7,
};

describe('a premium tool without a key', () => {
  it('answers 402 with the requirements in all three views, says it is not in the free tier, and runs nothing', async () => {
    const calls: [string, unknown, number][] = [
      ['/scrape', { url: `${site.base}/tides` }, 30_000],
      ['/scrape/web', { urls: [`${site.base}/tides`] }, 30_000],
      ['/scrape/website', { url: `${site.base}/` }, 30_000],
      ['/research', RESEARCH, 50_000],
      ['/stream/research', RESEARCH, 50_000],
      ['/vision', { image_url: `${site.base}/dot.png` }, 20_000],
    ];
    const asked = model.received.length;
    for (const [path, body, price] of calls) {
      const response = await post(path, body);
      expect([path, response.status]).toEqual([path, 402]);
      const refusal = await json(response);
      expect(refusal).toMatchObject({
        error: `${path} is a premium tool, not in the free tier: pay this call with x402, or send a key with credit`,
        balance_usd: null,
        cost_usd: price / 1e6,
        upgrade_url: `${service.config.publicBaseUrl}/buy-credits`,
        x402: { pay_to: local.chain.payTo, network: 'eip155:8453', accepts: [{ scheme: 'exact', amount: String(price), asset: local.chain.asset }] },
        x402Version: 1,
        accepts: [{ network: 'base', maxAmountRequired: String(price), resource: `${service.config.publicBaseUrl}${path}` }],
      });
      const v2 = JSON.parse(Buffer.from(response.headers.get('payment-required')!, 'base64').toString('utf8'));
      expect(v2).toMatchObject({ x402Version: 2, resource: { url: `${service.config.publicBaseUrl}${path}` }, accepts: [{ amount: String(price) }] });
    }
    expect(site.served).toEqual([]);
    expect(model.received).toHaveLength(asked);
  });
});

describe('paid with the official client (@x402/fetch)', () => {
  it('scrapes a page of the local site: the page, PAYMENT-RESPONSE, 0.03 USDC moved, and the payment in the ledger', async () => {
    const before = await local.usdcOf(local.chain.payTo);
    const requestId = randomUUID();
    const response = await paid('/scrape', { url: `${site.base}/tides` }, { 'X-Request-Id': requestId });
    expect(response.status).toBe(200);
    const page = await json(response);
    expect(page).toMatchObject({ title: 'Tide tables', _meta: { endpoint: '/scrape', payment: 'x402', cost_usd: 0.03 } });
    expect(page.markdown).toContain('High water comes twice a day');
    const receipt = decodePaymentResponseHeader(response.headers.get('payment-response')!);
    expect(receipt).toMatchObject({ success: true, network: 'eip155:8453', payer: payer().address });
    expect(await local.usdcOf(local.chain.payTo)).toBe(before + 30_000n);
    const wallet = payer().address.toLowerCase();
    const money = (await readStream(service.database.db, `account-${wallet}`)).filter(
      (e) => 'callId' in e.data && e.data.callId === walletCallId(wallet, requestId),
    );
    expect(money.map((e) => e.type)).toEqual(['PaymentReceived', 'ChargeSettled']);
    expect(money.map((e) => e.data)).toEqual([
      expect.objectContaining({ amountMicros: 30_000, transaction: receipt.transaction }),
      expect.objectContaining({ chargedMicros: 30_000 }),
    ]);
  });

  it('pays /research and /vision end to end, each at its price', async () => {
    const before = await local.usdcOf(local.chain.payTo);
    model.answer({ text: JSON.stringify(RESEARCHED) });
    const research = await paid('/research', { ...RESEARCH, model: 'gpt-4o-mini' });
    expect(research.status).toBe(200);
    expect(await json(research)).toMatchObject({ summary: 'High water comes twice a day [1].', _meta: { payment: 'x402', cost_usd: 0.05 } });
    expect(JSON.stringify(model.received.at(-1)!.body)).toContain('High water comes twice a day.');

    model.answer({ text: JSON.stringify({ description: 'A single dark pixel.', answer: 'A dot.', objects: ['dot'] }) });
    const vision = await paid('/vision', { image_url: `${site.base}/dot.png`, prompt: 'What is it?', model: 'gpt-4o-mini' });
    expect(vision.status).toBe(200);
    expect(await json(vision)).toMatchObject({ answer: 'A dot.', _meta: { payment: 'x402', cost_usd: 0.02 } });
    expect(model.received.at(-1)!.body.messages[1].content[0]).toEqual({
      type: 'image_url',
      image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` },
    });
    expect(await local.usdcOf(local.chain.payTo)).toBe(before + 70_000n);
  });

  it("is what `npm run pay -- POST /scrape '{…}'` does", async () => {
    const before = await local.usdcOf(local.chain.payTo);
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '-s', 'pay', '--', 'POST', '/scrape', JSON.stringify({ url: `${site.base}/tides` })], {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: local.dataDir, BASE_URL: service.baseUrl },
    });
    expect(stderr).toMatch(/paid: \{"success":true/);
    expect(stderr).toContain('HTTP 200');
    expect(JSON.parse(stdout)).toMatchObject({ title: 'Tide tables', _meta: { payment: 'x402' } });
    expect(await local.usdcOf(local.chain.payTo)).toBe(before + 30_000n);
  });
});

describe('a premium tool as an async job', () => {
  it('is paid from a key: 401 without one, a 402 pointing at the own-key top-up when it holds too little, and it runs once topped up', async () => {
    const job = { tool: 'scrape', params: { url: `${site.base}/tides` } };
    const anonymous = await post('/async/submit', job);
    expect(anonymous.status).toBe(401);
    expect((await json(anonymous)).hint).toContain('Authorization: Bearer');

    const key = await generateKey(service.baseUrl);
    const short = await post('/async/submit', job, key.auth);
    expect(short.status).toBe(402);
    // The job route takes no x402 payment, so none is offered (an x402 client would pay and be refused again).
    expect(short.headers.get('payment-required')).toBeNull();
    const refusal = await json(short);
    expect(refusal).toMatchObject({ error: 'insufficient balance for this job (scrape)', balance_usd: 0.01, cost_usd: 0.03, x402: { accepts: [] } });
    expect(refusal.x402.unavailable).toContain('POST /auth/topup');
    expect(refusal).not.toHaveProperty('x402Version');
    // The tool's own route, sent with the key, is paid from it too; without the key it could be paid with x402.
    const direct = await post('/scrape', job.params, key.auth);
    expect([direct.status, direct.headers.get('payment-required')]).toEqual([402, null]);
    expect((await json(direct)).x402.unavailable).toMatch(/POST \/auth\/topup .*, or send the call without the key to pay it with x402$/);

    const topup = await pay()(`${service.baseUrl}/auth/topup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...key.auth },
      body: JSON.stringify({ amount_usd: 0.05 }),
    });
    expect(topup.status).toBe(200);
    expect(await json(topup)).toMatchObject({ added_usd: 0.05, balance_usd: 0.06 });

    const submitted = await post('/async/submit', job, key.auth);
    expect(submitted.status).toBe(200);
    const { job_id: jobId } = await json(submitted);
    const done = await waitFor(
      async () => {
        const status = await json(fetch(`${service.baseUrl}/async/status/${jobId}`, { headers: key.auth }));
        return status.status === 'completed' || status.status === 'failed' ? status : undefined;
      },
      'the job to end',
      30_000,
    );
    expect(done).toMatchObject({ status: 'completed', result: { title: 'Tide tables' } });
    const status = await json(fetch(`${service.baseUrl}/auth/status`, { headers: key.auth }));
    expect(status.balance_usd).toBe(0.03);
  });
});
