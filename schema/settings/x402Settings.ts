import type { Setting } from './setting';

/** Settings of x402 payments: who is paid, in what, and how a payment is settled (schema/config.ts gathers the groups). */
export const x402Settings = {
  x402PayTo: {
    env: 'X402_PAY_TO',
    kind: 'string',
    default: '',
    doc: "Wallet that receives x402 payments. In development the local chain's payee is used when empty.",
  },
  x402Network: { env: 'X402_NETWORK', kind: 'string', default: 'eip155:8453', doc: 'CAIP-2 network of x402 payments (Base mainnet by default).' },
  x402Asset: {
    env: 'X402_ASSET',
    kind: 'string',
    default: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    doc: 'ERC-20 (EIP-3009) token contract paid in: USDC on Base by default.',
  },
  x402AssetName: { env: 'X402_ASSET_NAME', kind: 'string', default: 'USD Coin', doc: 'EIP-712 domain name of the token.' },
  x402AssetVersion: { env: 'X402_ASSET_VERSION', kind: 'string', default: '2', doc: 'EIP-712 domain version of the token.' },
  allowLocalHttp: {
    env: 'ALLOW_LOCAL_HTTP',
    kind: 'bool',
    default: (e) => (e === 'production' ? 'false' : 'true'),
    doc: 'Let outgoing requests made for callers (webhooks, callbacks, scraping, images) use plain HTTP to loopback. Off in production: then only https to public addresses.',
  },
  x402MaxTimeoutSeconds: {
    env: 'X402_MAX_TIMEOUT_SECONDS',
    kind: 'int',
    default: '60',
    doc: 'How long a signed x402 payment may take to settle (maxTimeoutSeconds in the payment requirements).',
  },
  x402ExpiryMarginSeconds: {
    env: 'X402_EXPIRY_MARGIN_SECONDS',
    kind: 'int',
    default: '6',
    doc: 'An x402 authorization must stay valid at least this long after verification, so its transfer lands before it expires (about three Base blocks).',
  },
  x402FacilitatorUrl: {
    env: 'X402_FACILITATOR_URL',
    kind: 'string',
    default: '',
    doc: 'Remote x402 facilitator (its /verify, /settle, /supported). Empty: the self-hosted facilitator settles through X402_RPC_URL.',
  },
  x402FacilitatorToken: {
    env: 'X402_FACILITATOR_TOKEN',
    kind: 'string',
    default: '',
    doc: 'Bearer credentials sent to the remote facilitator, when it wants any.',
  },
  x402FacilitatorServeToken: {
    env: 'X402_FACILITATOR_SERVE_TOKEN',
    kind: 'string',
    default: '',
    doc: "Bearer token other services send to use this deployment's self-hosted facilitator at /facilitator (/verify, /settle, /supported): settling spends its gas wallet. Empty: in production /facilitator answers 503 not_configured; in development it is open (the local chain's gas costs nothing).",
  },
  x402RpcUrl: {
    env: 'X402_RPC_URL',
    kind: 'string',
    default: '',
    doc: "JSON-RPC endpoint the self-hosted facilitator submits transfers through. In development the local chain's is used when empty.",
  },
  x402FacilitatorPrivateKey: {
    env: 'X402_FACILITATOR_PRIVATE_KEY',
    kind: 'string',
    default: '',
    doc: "Private key of the self-hosted facilitator's gas wallet (it pays for transferWithAuthorization). In development the local chain's is used when empty.",
  },
  devChain: {
    env: 'DEV_CHAIN',
    kind: 'bool',
    default: (e) => (e === 'production' ? 'false' : 'true'),
    doc: '`npm start` runs a local EVM (ganache, chain id 8453) with a USDC-style token and a funded demo payer, and describes it in DATA_DIR/dev-chain.json.',
  },
  devChainPort: { env: 'DEV_CHAIN_PORT', kind: 'int', default: '8545', doc: 'Loopback port of the local development chain.' },
} as const satisfies Record<string, Setting>;
