import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { privateKeyToAccount } from 'viem/accounts';
import { loadConfig } from '../core/config/loadConfig';
import { dataDir } from './services/paths';

const HELP = `Usage: npm run pay -- [--key apk_…] <METHOD> <path> [json-body]

Calls this service paying with x402 through the official @x402/fetch client, as the demo payer of the
local development chain (.data/dev-chain.json, written by npm start). Examples:
  npm run pay -- POST /credits/buy '{"amount_usd": 1}'                 buys a new key holding 1 USD
  npm run pay -- --key apk_… POST /auth/topup '{"amount_usd": 5}'      adds 5 USD to that key
  npm run pay -- POST /sentiment '{"text": "I love it"}'               pays per call once the free tier is spent
  npm run pay -- POST /scrape '{"url": "https://example.com/"}'        pays a premium tool
Options: --key sends the key as Authorization: Bearer (a top-up credits the key it is sent with).
Environment: BASE_URL (default http://127.0.0.1:PORT).`;

/** The arguments, with --key <key> (or --key=<key>) taken out. */
function parseArgs(argv: readonly string[]): { key?: string; rest: string[] } {
  const rest: string[] = [];
  let key: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--key') key = argv[++i];
    else if (arg.startsWith('--key=')) key = arg.slice('--key='.length);
    else rest.push(arg);
  }
  return { key, rest };
}

async function main(): Promise<number> {
  const { key, rest } = parseArgs(process.argv.slice(2));
  const [method, route, body] = rest;
  if (!method || !route || method === '--help' || method === '-h') {
    console.log(HELP);
    return method ? 0 : 1;
  }
  if (key !== undefined && !key.startsWith('apk_')) {
    console.error('--key takes an API key (apk_…)');
    return 1;
  }
  const config = loadConfig();
  const chain = JSON.parse(readFileSync(path.join(dataDir(config.dataDir), 'dev-chain.json'), 'utf8')) as {
    payerPrivateKey: `0x${string}`;
    asset: string;
    chainId: number;
  };
  const payer = privateKeyToAccount(chain.payerPrivateKey);
  // The client pays only tokens it knows unless told otherwise: the dev USDC is opted in by address.
  const client = new x402Client()
    .register('eip155:*', new ExactEvmScheme(payer))
    .setSpendControls({ allowedAssets: [{ network: `eip155:${chain.chainId}`, asset: chain.asset }] });
  const pay = wrapFetchWithPayment(fetch, client);
  const base = process.env.BASE_URL ?? `http://127.0.0.1:${config.port}`;
  console.error(`paying as ${payer.address} → ${method.toUpperCase()} ${base}${route}`);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(key ? { Authorization: `Bearer ${key}` } : {}) };
  const response = await pay(`${base}${route}`, { method: method.toUpperCase(), headers, body });
  const receipt = response.headers.get('payment-response');
  if (receipt) console.error(`paid: ${JSON.stringify(decodePaymentResponseHeader(receipt))}`);
  console.error(`HTTP ${response.status}`);
  console.log(await response.text());
  return response.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
