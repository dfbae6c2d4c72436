import { ExactEvmScheme } from '@x402/evm/exact/client';
import { createSIWxClientExtension, createSIWxPayload, encodeSIWxHeader, type SIWxExtension } from '@x402/extensions/sign-in-with-x';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { decodeBase64Json } from '../../core/x402/base64Json';
import { json } from '../support/json';
import { freePort, type LocalChain, selfHostedX402, startLocalChain } from '../support/localChain';
import { modelEnv } from '../support/modelEnv';
import { startTestService, type TestService } from '../support/testService';

/**
 * Issue 35, item 6: sign-in-with-x for returning payers. A wallet that paid with x402 (here: registering an agent, which
 * it then owns) reads what it owns by signing the message the 402 of an own-data read declares, with the official
 * client extension (`createSIWxClientExtension` from @x402/extensions); the proof is the wallet session a SIWE token
 * from POST /agents/verify is, for one request.
 */
let local: LocalChain;
let service: TestService;
let base: string;

beforeAll(async () => {
  local = await startLocalChain();
  // The message names the service's public address, which the official client checks against the one it called.
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const runtime = selfHostedX402(local);
  service = await startTestService({ env: { ...modelEnv(), PUBLIC_BASE_URL: base, RATE_LIMIT_PER_MINUTE: '1000' }, x402: runtime, port });
}, 120_000);
afterAll(async () => {
  await service?.stop();
  await local?.stop();
});

const payer = () => privateKeyToAccount(local.chain.payerPrivateKey);
const paying = () =>
  wrapFetchWithPayment(
    fetch,
    new x402Client()
      .register('eip155:*', new ExactEvmScheme(payer()))
      .setSpendControls({ allowedAssets: [{ network: 'eip155:8453', asset: local.chain.asset }] }),
  );
const signingIn = (signer = payer()) => wrapFetchWithPayment(fetch, new x402Client().registerExtension(createSIWxClientExtension({ signers: [signer] })));

/** The sign-in-with-x message a 402 of `path` declares, signed by `signer`, as the header's value. */
async function proof(path: string, signer = payer()): Promise<string> {
  const offered = await fetch(`${base}${path}`);
  const declared = (decodeBase64Json(offered.headers.get('payment-required')!) as { extensions: Record<string, SIWxExtension> }).extensions['sign-in-with-x']!;
  const chain = declared.supportedChains[0]!;
  return encodeSIWxHeader(await createSIWxPayload({ ...declared.info, chainId: chain.chainId, type: chain.type }, signer, `${base}${path}`));
}

describe('sign-in-with-x', () => {
  let agentId: string;

  beforeAll(async () => {
    const registered = await paying()(`${base}/agents/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'returning-payer' }),
    });
    expect(registered.status).toBe(200);
    agentId = (await json(registered)).agent_id;
  });

  it('is declared in the 402 of an own-data read sent without credentials: nothing to pay, a message to sign', async () => {
    const answer = await fetch(`${base}/agents/me`);
    expect(answer.status).toBe(402);
    expect(await json(answer)).toMatchObject({ code: 'sign_in_required', x402: { accepts: [] } });
    const required = decodeBase64Json(answer.headers.get('payment-required')!) as { accepts: unknown[]; extensions: Record<string, SIWxExtension> };
    expect(required.accepts).toEqual([]);
    expect(required.extensions['sign-in-with-x']).toMatchObject({
      info: { domain: new URL(base).host, uri: `${base}/agents/me`, version: '1', nonce: expect.stringMatching(/^[0-9a-f]{64}$/) },
      supportedChains: [{ chainId: 'eip155:8453', type: 'eip191' }],
    });
  });

  it('lets the wallet that paid read what it owns with the official client: its agents, its agent’s files', async () => {
    const me = await signingIn()(`${base}/agents/me`);
    expect(me.status).toBe(200);
    expect(await json(me)).toMatchObject({ address: payer().address.toLowerCase(), agents: [expect.objectContaining({ agent_id: agentId })] });

    // A file the wallet put there with its SIWE session (POST /agents/challenge, /agents/verify): the same owner.
    const challenge = await json(
      fetch(`${base}/agents/challenge`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ address: payer().address }),
      }),
    );
    const signature = await payer().signMessage({ message: challenge.message });
    const { token } = await json(
      fetch(`${base}/agents/verify`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ message: challenge.message, signature }),
      }),
    );
    const upload = await fetch(`${base}/files/upload`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ content_base64: Buffer.from('notes of a returning payer').toString('base64'), filename: 'notes.txt', agent_id: agentId }),
    });
    expect(upload.status).toBe(200);
    const files = await signingIn()(`${base}/files/list/${agentId}`);
    expect(files.status).toBe(200);
    expect(await json(files)).toMatchObject({ count: 1, files: [expect.objectContaining({ name: 'notes.txt', agent_id: agentId })] });
  });

  it("shows another wallet only its own: none of the payer's agents, and not the payer's agent's files", async () => {
    const other = privateKeyToAccount(generatePrivateKey());
    const me = await signingIn(other)(`${base}/agents/me`);
    expect(me.status).toBe(200);
    expect(await json(me)).toMatchObject({ address: other.address.toLowerCase(), agents: [] });
    const files = await signingIn(other)(`${base}/files/list/${agentId}`);
    expect(files.status).toBe(404);
  });

  it('takes a proof once, and refuses one whose nonce it did not issue or whose signature is not its address', async () => {
    const header = await proof('/agents/me');
    expect((await fetch(`${base}/agents/me`, { headers: { 'SIGN-IN-WITH-X': header } })).status).toBe(200);
    const again = await fetch(`${base}/agents/me`, { headers: { 'SIGN-IN-WITH-X': header } });
    expect(again.status).toBe(401);
    expect(await json(again)).toMatchObject({ code: 'invalid_session', error: expect.stringContaining('already used') });

    const forged = JSON.parse(Buffer.from(await proof('/agents/me'), 'base64').toString('utf8')) as Record<string, string>;
    const foreignNonce = { ...forged, nonce: 'f'.repeat(64) };
    const refused = await fetch(`${base}/agents/me`, { headers: { 'SIGN-IN-WITH-X': Buffer.from(JSON.stringify(foreignNonce)).toString('base64') } });
    expect(refused.status).toBe(401);
    expect(await json(refused)).toMatchObject({ code: 'invalid_session', error: expect.stringContaining('not issued by this service') });
    const otherAddress = { ...forged, address: privateKeyToAccount(generatePrivateKey()).address };
    const impostor = await fetch(`${base}/agents/me`, { headers: { 'SIGN-IN-WITH-X': Buffer.from(JSON.stringify(otherAddress)).toString('base64') } });
    expect(impostor.status).toBe(401);
  });
});
