import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { readStream } from '../../core/eventStore';
import { allProjections, LIVE_SCHEMA } from '../../core/projections';
import { replayProjections } from '../../core/projections/replay';
import { buildRequirements, signPayment } from '../../core/x402';
import type { X402Runtime } from '../../core/x402/x402Runtime';
import { micros } from '../../schema/money';
import { generateKey } from '../support/accounts';
import { agentNetwork } from '../support/agentNetwork';
import { json } from '../support/json';
import { type LocalChain, selfHostedX402, startLocalChain } from '../support/localChain';
import { modelEnv } from '../support/modelEnv';
import { startTestService, type TestService } from '../support/testService';

let local: LocalChain;
let service: TestService;
let net: ReturnType<typeof agentNetwork>;
/** The service's clock, which a test may move forward (and back). */
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

beforeAll(async () => {
  local = await startLocalChain();
  const runtime: X402Runtime = selfHostedX402(local);
  // Room for the fifty challenges the nonce test asks for, beside the rest of the file, from one IP.
  service = await startTestService({ env: { ...modelEnv(), AGENT_SESSION_TTL_SECONDS: '600', RATE_LIMIT_PER_MINUTE: '1000' }, x402: runtime, clock });
  net = agentNetwork(service.baseUrl);
}, 120_000);
afterAll(async () => {
  await service?.stop();
  await local?.stop();
});

const payer = () => privateKeyToAccount(local.chain.payerPrivateKey);

/** Challenge, sign with `signer` (the challenged wallet unless told), verify: the verify response. */
async function signIn(address: `0x${string}`, signer = payer()) {
  const challenge = await net.ok(net.post('/agents/challenge', { address }));
  const signature = await signer.signMessage({ message: challenge.message });
  return { challenge, response: await net.post('/agents/verify', { message: challenge.message, signature }) };
}

async function session(): Promise<string> {
  const { response } = await signIn(payer().address);
  expect(response.status).toBe(200);
  return (await json(response)).token;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('wallet sessions (Sign-In-With-Ethereum)', () => {
  it('gives a signed challenge a short-lived session token that /agents/me accepts', async () => {
    const { challenge, response } = await signIn(payer().address);
    expect(challenge.message).toContain(`api.test wants you to sign in with your Ethereum account:\n${payer().address}`);
    expect(challenge.message).toContain(`Nonce: ${challenge.nonce}`);
    expect(challenge.message).toContain('Chain ID: 8453');
    expect(challenge.message).toContain(`Expiration Time: ${challenge.expires_at}`);
    expect(response.status).toBe(200);
    const verified = await json(response);
    expect(verified).toMatchObject({ token_type: 'Bearer', address: payer().address.toLowerCase(), expires_in: 600 });
    expect(decodeProtectedHeader(verified.token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decodeJwt(verified.token)).toMatchObject({ sub: payer().address.toLowerCase(), iss: 'http://api.test', aud: 'http://api.test/agents' });

    const me = await net.ok(net.get('/agents/me', bearer(verified.token)));
    expect(me).toMatchObject({ address: payer().address.toLowerCase(), session_expires_at: verified.expires_at, agents: expect.any(Array) });
    // Without credentials, where x402 is taken, the answer offers to sign in with the wallet (x402SignInWithX.e2e.test.ts).
    const anonymous = await net.get('/agents/me');
    expect(anonymous.status).toBe(402);
    expect(await json(anonymous)).toMatchObject({ code: 'sign_in_required', x402: { accepts: [] } });
    const key = await generateKey(service.baseUrl, 'not-a-session');
    expect((await net.get('/agents/me', key.auth)).status).toBe(401);
  });

  it('refuses a signature by another wallet, and the challenge stays usable by the right one', async () => {
    const challenge = await net.ok(net.post('/agents/challenge', { address: payer().address }));
    const stranger = privateKeyToAccount(generatePrivateKey());
    const wrong = await net.post('/agents/verify', { message: challenge.message, signature: await stranger.signMessage({ message: challenge.message }) });
    expect(wrong.status).toBe(401);
    expect((await json(wrong)).error).toContain('was not signed by');
    const right = await net.post('/agents/verify', { message: challenge.message, signature: await payer().signMessage({ message: challenge.message }) });
    expect(right.status).toBe(200);
  });

  it('accepts a nonce once, even when the same signed challenge is verified twice at the same moment', async () => {
    const challenge = await net.ok(net.post('/agents/challenge', { address: payer().address }));
    const body = { message: challenge.message, signature: await payer().signMessage({ message: challenge.message }) };
    const answers = await Promise.all([net.post('/agents/verify', body), net.post('/agents/verify', body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    const again = await net.post('/agents/verify', body);
    expect(again.status).toBe(401);
    expect((await json(again)).error).toContain('already used');
    expect((await readStream(service.database.db, `siwe-${challenge.nonce}`)).map((e) => e.type)).toEqual(['WalletChallengeIssued', 'WalletChallengeAccepted']);
  });

  it('draws nonces from a cryptographic source: no two of fifty share a run of 12 characters, and each carries 128 bits', async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 50; i++) nonces.push((await net.ok(net.post('/agents/challenge', { address: payer().address }))).nonce as string);
    // A Math.random buffer sliced one character on (viem's generateSiweNonce) shares all but one character with the next nonce.
    const RUN = 12;
    const seen = new Map<string, number>();
    const shared: string[] = [];
    nonces.forEach((nonce, index) => {
      for (let at = 0; at + RUN <= nonce.length; at++) {
        const run = nonce.slice(at, at + RUN);
        const first = seen.get(run);
        if (first !== undefined && first !== index) shared.push(`${run} in nonces ${first} and ${index}`);
        seen.set(run, index);
      }
    });
    expect(shared).toEqual([]);
    // Hex of 16 random bytes: 32 characters, each as likely as any other across the fifty.
    expect(nonces.every((nonce) => /^[0-9a-f]{32,}$/.test(nonce))).toBe(true);
    const counts = new Map<string, number>();
    for (const c of nonces.join('')) counts.set(c, (counts.get(c) ?? 0) + 1);
    const total = nonces.join('').length;
    const bitsPerCharacter = -[...counts.values()].reduce((sum, n) => sum + (n / total) * Math.log2(n / total), 0);
    expect(bitsPerCharacter).toBeGreaterThan(3.9);
    expect(Math.min(...nonces.map((n) => n.length)) * bitsPerCharacter).toBeGreaterThan(124);
  });

  it('refuses an expired challenge and an altered message', async () => {
    const challenge = await net.ok(net.post('/agents/challenge', { address: payer().address }));
    const altered = challenge.message.replace('Chain ID: 8453', 'Chain ID: 1');
    const tampered = await net.post('/agents/verify', { message: altered, signature: await payer().signMessage({ message: altered }) });
    expect(tampered.status).toBe(401);
    expect((await json(tampered)).error).toContain('differs from the challenge');

    offsetMs = (service.config.agentChallengeTtlSeconds + 1) * 1000;
    try {
      const late = await net.post('/agents/verify', { message: challenge.message, signature: await payer().signMessage({ message: challenge.message }) });
      expect(late.status).toBe(401);
      expect((await json(late)).error).toContain('expired');
    } finally {
      offsetMs = 0;
    }
  });

  it('refuses a tampered, expired, unsigned or foreign session token with a 401', async () => {
    const token = await session();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '0x1111111111111111111111111111111111111111' })).toString('base64url');
    const secret = new TextEncoder().encode(service.config.agentSessionSecret);
    const base = { iss: 'http://api.test', aud: 'http://api.test/agents', jti: 'x' };
    const expired = await new SignJWT({ ...base, sub: claims.sub })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(secret);
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const foreign = await new SignJWT({ ...base, iss: 'https://elsewhere.example', sub: claims.sub })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(secret);
    for (const [what, bad] of [
      ['tampered', `${header}.${forged}.${signature}`],
      ['expired', expired],
      ['unsigned', unsigned],
      ['foreign', foreign],
    ] as const) {
      const response = await net.get('/agents/me', bearer(bad));
      expect([what, response.status]).toEqual([what, 401]);
    }
    const body = await json(net.get('/agents/me', bearer(expired)));
    expect(body.error).toBe('the session token has expired');
  });
});

describe('what a wallet owns', () => {
  const paying = (token: string) => {
    const client = new x402Client()
      .register('eip155:*', new ExactEvmScheme(payer()))
      .setSpendControls({ allowedAssets: [{ network: 'eip155:8453', asset: local.chain.asset }] });
    const paidFetch = wrapFetchWithPayment(fetch, client);
    return (path: string, body: unknown) =>
      paidFetch(`${service.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...bearer(token) }, body: JSON.stringify(body) });
  };

  it('registers an agent paid with x402 from the session’s wallet; the wallet owns it and nobody else can act as it', async () => {
    const token = await session();
    const post = paying(token);
    const registered = await post('/agents/register', { name: 'wallet-bot', capabilities: ['trading'] });
    expect(registered.status).toBe(200);
    const agent = await json(registered);
    expect(agent).toMatchObject({ owner_kind: 'wallet', _meta: { payment: 'x402' } });

    const me = await net.ok(net.get('/agents/me', bearer(token)));
    expect(me.agents.map((a: { agent_id: string }) => a.agent_id)).toContain(agent.agent_id);

    const key = await generateKey(service.baseUrl, 'neighbour');
    const keyAgent = await net.register(key, 'neighbour');
    await net.ok(net.post('/message/send', { from: keyAgent, to: agent.agent_id, body: 'hello wallet' }, key.auth));
    const inbox = await net.ok(net.get(`/message/inbox/${agent.agent_id}`, bearer(token)));
    expect(inbox.messages).toEqual([expect.objectContaining({ from: keyAgent, body: 'hello wallet' })]);
    expect((await net.get(`/message/inbox/${agent.agent_id}`, key.auth)).status).toBe(404);
    expect((await net.get(`/message/inbox/${keyAgent}`, bearer(token))).status).toBe(404);
    expect((await net.post('/memory/set', { agent_id: agent.agent_id, key: 'k', value: 1 }, key.auth)).status).toBe(404);
  });

  it('buys a marketplace listing with x402 at its price, and the seller is credited its share with the payment', async () => {
    const seller = await generateKey(service.baseUrl, 'seller');
    const sellerAgent = await net.register(seller, 'seller');
    const listing = await net.ok(net.post('/marketplace/list', { agent_id: sellerAgent, tool: 'sentiment', title: 'Moods', price_usd: 0.01 }, seller.auth));
    const before = await local.usdcOf(local.chain.payTo);
    const bought = await paying(await session())('/marketplace/call', { listing_id: listing.listing_id, input: { text: 'What a lovely day' } });
    expect(bought.status).toBe(200);
    expect(await json(bought)).toMatchObject({ result: { polarity: 'positive' }, price_usd: 0.01, _meta: { payment: 'x402', cost_usd: 0.01 } });
    expect((await local.usdcOf(local.chain.payTo)) - before).toBe(10_000n);
    // 0.01 − 0.005 (the tool's price), less 10 % of the 0.005 left: 0.0045.
    const credited = (await readStream(service.database.db, `account-${seller.keyId}`)).filter((e) => e.type === 'SaleProceedsCredited');
    expect(credited).toEqual([expect.objectContaining({ data: expect.objectContaining({ amountMicros: 4500, feeMicros: 500, toolMicros: 5000 }) })]);
  });

  it('asks a session without a payment to pay, and refuses a payment from another wallet before claiming it', async () => {
    const token = await session();
    const unpaid = await net.post('/memory/get', { agent_id: 'agt_any', key: 'k' }, bearer(token));
    expect(unpaid.status).toBe(402);

    const stranger = privateKeyToAccount(generatePrivateKey());
    const requirements = buildRequirements(local.terms, { price: micros(1000), resource: 'http://api.test/memory/get', description: 'memory/get' });
    const signed = await signPayment(stranger, requirements);
    const refused = await net.post('/memory/get', { agent_id: 'agt_any', key: 'k' }, { ...bearer(token), [signed.headerName]: signed.header });
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toContain(`the payment comes from ${stranger.address.toLowerCase()}`);
    const nonce = JSON.parse(Buffer.from(signed.header, 'base64').toString('utf8')).payload.authorization.nonce as string;
    expect(await readStream(service.database.db, `x402nonce-${nonce.toLowerCase()}`)).toEqual([]);
  });

  it('replays the sessions and the wallet’s agents from the log without drift', async () => {
    await service.subscriber.catchUp();
    expect((await replayProjections(service.database.db, { liveSchema: LIVE_SCHEMA, projections: allProjections })).drift).toEqual([]);
  });
});
