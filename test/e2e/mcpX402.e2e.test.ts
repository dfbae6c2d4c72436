import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { PaymentRequired } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { extractDiscoveryInfo } from '@x402/extensions/bazaar';
import { x402Client } from '@x402/fetch';
import { privateKeyToAccount } from 'viem/accounts';
import { readStream } from '../../core/eventStore';
import { LIVE_SCHEMA } from '../../core/projections';
import type { X402Runtime } from '../../core/x402/x402Runtime';
import { projectRoot } from '../../scripts/services/paths';
import { type LocalChain, selfHostedX402, startLocalChain } from '../support/localChain';
import { linkedPage, SiteServer } from '../support/siteServer';
import { startTestService, type TestService } from '../support/testService';

let local: LocalChain;
let service: TestService;
let site: SiteServer;
beforeAll(async () => {
  [local, site] = await Promise.all([startLocalChain(), SiteServer.start(() => ({ '/page': { body: linkedPage('Paid page', []) } }))]);
  const runtime: X402Runtime = selfHostedX402(local);
  // No MCP allowance: a client without a key must pay each call.
  service = await startTestService({ env: { MCP_FREE_DAILY: '0' }, x402: runtime });
}, 120_000);
afterAll(async () => {
  await service?.stop();
  await Promise.all([local?.stop(), site?.stop()]);
});

const payer = () => privateKeyToAccount(local.chain.payerPrivateKey);
/** The official x402 client: it builds the payment for a PaymentRequired, as it does for an HTTP 402. */
const wallet = () =>
  new x402Client()
    .register('eip155:*', new ExactEvmScheme(payer()))
    .setSpendControls({ allowedAssets: [{ network: 'eip155:8453', asset: local.chain.asset }] });
const textOf = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

/**
 * Lists every page of tools first, as a host does: the SDK client (1.x) then checks the structuredContent of every
 * result against the tool's outputSchema, payment-required results (isError) included.
 */
async function listAll(client: Client): Promise<void> {
  let cursor: string | undefined;
  do cursor = (await client.listTools(cursor ? { cursor } : {})).nextCursor;
  while (cursor);
}

async function connect(): Promise<Client> {
  const client = new Client({ name: 'wallet-agent', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${service.baseUrl}/mcp`), { requestInit: { headers: { 'X-Forwarded-For': '203.0.113.9' } } }),
  );
  await listAll(client);
  return client;
}

/** Call, read the payment-required result, pay with the official client, call again with the payment in _meta. */
async function payAndCall(client: Client, name: string, args: Record<string, unknown>) {
  const asked = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(asked.isError).toBe(true);
  const required = asked.structuredContent as unknown as PaymentRequired;
  const payment = await wallet().createPaymentPayload(required);
  const paid = (await client.callTool({ name, arguments: args, _meta: { 'x402/payment': payment } })) as CallToolResult;
  return { asked, required, payment, paid };
}

describe('x402 over MCP', () => {
  it('answers an unpaid call with the PaymentRequired as the spec says: isError, structuredContent, and the same as JSON text', async () => {
    const client = await connect();
    const result = (await client.callTool({ name: 'sentiment', arguments: { text: 'pay per call' } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      x402Version: 2,
      error: expect.stringMatching(/MCP allowance/),
      resource: { url: `${service.config.publicBaseUrl}/sentiment` },
      accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: '5000', asset: local.chain.asset, payTo: local.chain.payTo }],
    });
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
    // The Bazaar discovery it declares is the MCP tool's (its name there and input schema), which a facilitator reads from the payment.
    const required = result.structuredContent as unknown as PaymentRequired;
    const found = extractDiscoveryInfo(await wallet().createPaymentPayload(required), required.accepts[0]!, true);
    expect(found).toMatchObject({ resourceUrl: `${service.config.publicBaseUrl}/sentiment`, toolName: 'sentiment' });
    expect(found!.discoveryInfo.input).toMatchObject({ type: 'mcp', toolName: 'sentiment', inputSchema: { required: ['text'] } });
    expect(client.getInstructions()).toContain('_meta["x402/payment"]');
    await client.close();
  });

  it('runs a call paid by the wallet without a key: verified, settled on chain, receipt in _meta["x402/payment-response"]', async () => {
    const client = await connect();
    const before = await local.usdcOf(local.chain.payTo);
    const { paid } = await payAndCall(client, 'sentiment', { text: 'Paying per call from a wallet is wonderful.' });
    expect(paid.isError).toBeFalsy();
    expect(paid.structuredContent).toMatchObject({ polarity: 'positive' });
    const receipt = paid._meta!['x402/payment-response'] as Record<string, unknown>;
    expect(receipt).toMatchObject({ success: true, network: 'eip155:8453', payer: payer().address, transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(paid._meta).toMatchObject({ endpoint: '/sentiment', payment: 'x402' });
    expect(await local.usdcOf(local.chain.payTo)).toBe(before + 5000n);
    await client.close();
  });

  it('refuses a payment used once already, with a new PaymentRequired, and charges nothing more', async () => {
    const client = await connect();
    const { payment, paid } = await payAndCall(client, 'keywords', { text: 'Nonces are single use.' });
    expect(paid.isError).toBeFalsy();
    const before = await local.usdcOf(local.chain.payTo);
    const replayed = (await client.callTool({
      name: 'keywords',
      arguments: { text: 'Again, same payment.' },
      _meta: { 'x402/payment': payment },
    })) as CallToolResult;
    expect(replayed.isError).toBe(true);
    expect(replayed.structuredContent).toMatchObject({ x402Version: 2, error: expect.stringMatching(/payment refused/), accepts: [expect.any(Object)] });
    expect(await local.usdcOf(local.chain.payTo)).toBe(before);
    await client.close();
  });

  it('asks a client without a key to pay a premium tool (not in the free allowance) with the PaymentRequired, and runs it once paid', async () => {
    const client = await connect();
    const before = await local.usdcOf(local.chain.payTo);
    const { asked, required, paid } = await payAndCall(client, 'scrape', { url: `${site.base}/page` });
    expect(asked.structuredContent).toMatchObject({
      error: '/scrape is a premium tool, not in the free tier: pay this call with x402, or send a key with credit',
      resource: { url: `${service.config.publicBaseUrl}/scrape` },
    });
    expect(required.accepts[0]).toMatchObject({ amount: '30000', payTo: local.chain.payTo });
    expect(site.served).toEqual(['/page']);
    expect(paid.isError).toBeFalsy();
    expect(paid.structuredContent).toMatchObject({ title: 'Paid page' });
    expect(paid._meta!['x402/payment-response']).toMatchObject({ success: true, payer: payer().address });
    expect(await local.usdcOf(local.chain.payTo)).toBe(before + 30_000n);
    await client.close();
  });

  it('lets a wallet act as itself on tools that need an identity: the agent it registers is the wallet’s', async () => {
    const client = await connect();
    const { asked, paid } = await payAndCall(client, 'agents_register', { name: 'wallet-agent' });
    expect(textOf(asked)).toMatch(/acts as an identity/);
    expect(paid.isError).toBeFalsy();
    const agentId = (paid.structuredContent as { agent_id: string }).agent_id;
    const agent = await service.database.db
      .withSchema(LIVE_SCHEMA)
      .selectFrom('network_agents')
      .selectAll()
      .where('agent_id', '=', agentId)
      .executeTakeFirstOrThrow();
    expect(agent.owner).toBe(`wallet:${payer().address.toLowerCase()}`);
    expect((await readStream(service.database.db, `agent-${agentId}`)).map((e) => e.type)).toEqual(['AgentRegistered']);
    await client.close();
  });

  it('works through the local stdio bridge, which forwards _meta both ways', async () => {
    const client = new Client({ name: 'host', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--import', 'tsx', path.join(projectRoot, 'scripts/mcpStdio.ts'), '--url', `${service.baseUrl}/mcp`],
        cwd: projectRoot,
        stderr: 'ignore',
      }),
    );
    try {
      await listAll(client);
      const { paid } = await payAndCall(client, 'summarize', { text: 'Bridges forward requests. They forward metadata too. Payments ride along.' });
      expect(paid.isError).toBeFalsy();
      expect(paid._meta!['x402/payment-response']).toMatchObject({ success: true });
    } finally {
      await client.close();
    }
  });
});
