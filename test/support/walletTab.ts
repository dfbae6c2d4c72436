import type { Browser, Page } from 'playwright-core';
import type { PrivateKeyAccount } from 'viem/accounts';

/**
 * A Chromium tab with an injected EIP-1193 wallet (the payer's key signs, the local chain answers the rest) in which
 * the local chain (id 8453) stands in for Base's public RPC and the service's public address reaches where it
 * listens, as the x402 paywall page needs; nothing else is reachable (the wallet SDK's analytics).
 */
export async function walletTab(
  browser: Browser,
  options: { payer: PrivateKeyAccount; rpcUrl: string; publicBaseUrl: string; baseUrl: string },
): Promise<Page> {
  const { payer, rpcUrl, publicBaseUrl, baseUrl } = options;
  const rpc = (body: string) => fetch(rpcUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  const tab = await browser.newPage();
  await tab.exposeFunction('walletRequest', async (method: string, params: unknown[]) => {
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [payer.address];
    if (method === 'eth_chainId') return '0x2105';
    if (method === 'wallet_switchEthereumChain' || method === 'wallet_addEthereumChain') return null;
    if (method === 'eth_signTypedData_v4') return payer.signTypedData(JSON.parse(String(params[1])));
    const answer = await rpc(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
    const { result, error } = (await answer.json()) as { result?: unknown; error?: { message: string } };
    if (error) throw new Error(error.message);
    return result;
  });
  await tab.addInitScript(() => {
    const page = globalThis as unknown as { walletRequest: (m: string, p: unknown[]) => Promise<unknown>; ethereum: unknown };
    const call = page.walletRequest;
    page.ethereum = {
      request: ({ method, params }: { method: string; params?: unknown[] }) => call(method, params ?? []),
      on: () => undefined,
      removeListener: () => undefined,
    };
  });
  await tab.route('https://mainnet.base.org/**', async (route) => {
    const answer = await rpc(route.request().postData() ?? '');
    await route.fulfill({ status: answer.status, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: await answer.text() });
  });
  await tab.route(`${publicBaseUrl}/**`, async (route) => {
    const url = route.request().url().replace(publicBaseUrl, baseUrl);
    await route.fulfill({ response: await tab.request.fetch(url, { method: route.request().method(), headers: route.request().headers() }) });
  });
  await tab.route(/^https:\/\/(?!mainnet\.base\.org)/, (route) => route.abort());
  return tab;
}
